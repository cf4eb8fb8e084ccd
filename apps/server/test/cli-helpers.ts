import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_CLI_BUNDLE, buildServer, DEFAULT_OUT_DIR } from '../build';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../src/db/client';
import { SERVER_ROOT } from '../src/paths';

/** `npm run admin -- …` as an operator runs it, and the data folder it works on. */

let bundled: Promise<string> | undefined;

const BUNDLE_PREFIX = 'cli-test-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The operator commands bundled as the build bundles them, once per test process: started
 * through tsx, each command compiled the whole server again first, about 4 s of CPU a start
 * (docs/quality.md, 'The test suite's time'). Written under dist/ beside the real build, never
 * over it (the bundle finds its packages in the repository's node_modules), in a folder named
 * after the process; a test worker is ended without its exit handlers, so each build first
 * removes the folders of processes that are gone.
 */
function adminCliBundle(): Promise<string> {
  bundled ??= (async () => {
    mkdirSync(DEFAULT_OUT_DIR, { recursive: true });
    for (const entry of readdirSync(DEFAULT_OUT_DIR)) {
      const pid = Number(entry.slice(BUNDLE_PREFIX.length));
      if (entry.startsWith(BUNDLE_PREFIX) && !isRunning(pid)) {
        rmSync(path.join(DEFAULT_OUT_DIR, entry), { recursive: true, force: true });
      }
    }
    const dir = path.join(DEFAULT_OUT_DIR, `${BUNDLE_PREFIX}${process.pid}`);
    await buildServer(dir);
    return path.join(dir, ADMIN_CLI_BUNDLE);
  })();
  return bundled;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI on an embedded data folder, feeding it `stdin` (nothing unless given). */
export async function runAdminCli(dataDir: string, args: string[], stdin = ''): Promise<CliRun> {
  const child = spawn(process.execPath, [await adminCliBundle(), ...args], {
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
