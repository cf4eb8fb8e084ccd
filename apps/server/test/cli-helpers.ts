import { spawn } from 'node:child_process';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../src/db/client';
import { SERVER_ROOT } from '../src/paths';

/** `npm run admin -- …` as an operator runs it, and the data folder it works on. */

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI on an embedded data folder, feeding it `stdin` (nothing unless given). */
export function runAdminCli(dataDir: string, args: string[], stdin = ''): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      // Inherited settings that would take the CLI off the data folder under test.
      DATABASE_URL: undefined,
      SESSION_SECRET: undefined,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  // 'close' comes after the last output, so the run holds all the CLI wrote.
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Opens the embedded database of a data folder for `use`, and closes it whatever happens. */
export async function withDataDirDatabase<T>(
  dataDir: string,
  use: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir(dataDir) });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}
