import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_DIR } from './paths';

/**
 * Starts processes for the benchmarks: the real Cadran server (production mode, fresh data
 * directory, free port) and small helper scripts. Each is stopped with SIGTERM and its data
 * directory removed, so a run leaves nothing behind.
 */

let ownPortsUsed = 0;

/**
 * A port for the next server of the run. On a machine shared with others, BENCH_PORT=<first>
 * keeps the run on its own ten ports (first to first + 9, in turn); otherwise the system picks.
 */
export async function freePort(): Promise<number> {
  const first = Number(process.env.BENCH_PORT);
  if (Number.isInteger(first) && first > 0) return first + (ownPortsUsed++ % 10);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface RunningProcess {
  url: string;
  pid: number;
  /** Resident memory now and at its peak, in MB, from /proc (Linux). */
  memory: () => { rssMB: number; peakMB: number };
  stop: () => Promise<void>;
}

function readMemory(pid: number): { rssMB: number; peakMB: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMB: 0, peakMB: 0 };
  }
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function track(child: ChildProcess, url: string, cleanup: () => void): RunningProcess {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid ?? 0,
    memory: () => readMemory(child.pid ?? 0),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      cleanup();
      if (child.exitCode !== 0 && stderr) process.stderr.write(stderr);
    },
  };
}

export interface CadranServerOptions {
  /** A PostgreSQL database to use instead of the embedded one. */
  databaseUrl?: string;
  env?: Record<string, string>;
}

/** The server bundle `npm run build` writes and production runs. */
const SERVER_BUNDLE = path.join(SERVER_DIR, 'dist', 'server.js');

/**
 * The real server as `npm start` runs it (its bundle, with source maps), in production mode, on
 * a throw-away data dir. The source run through a TypeScript loader is not what production runs:
 * it cost the cached answers up to a tenth more CPU (the loader's helpers on every function).
 */
export async function startCadranServer(
  options: CadranServerOptions = {},
): Promise<RunningProcess> {
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(
      `No ${SERVER_BUNDLE}: run \`npm run build\` (or the bench without --no-build).`,
    );
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadran-bench-'));
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Plain http on loopback: a Secure cookie would never come back from a browser.
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      // Production requires the seller printed on invoices; a fictitious one is enough here.
      SELLER_NAME: 'Cadran Bench SAS',
      SELLER_LEGAL_FORM: 'SAS',
      SELLER_SHARE_CAPITAL: '10000',
      SELLER_ADDRESS: '1 rue du Banc d’Essai',
      SELLER_POSTAL_CODE: '75001',
      SELLER_CITY: 'Paris',
      SELLER_SIREN: '912345675',
      SELLER_RCS_CITY: 'Paris',
      SELLER_VAT_NUMBER: 'FR65912345675',
      // Production requires the key that signs licence files; one made for the bench.
      LICENSE_SIGNING_KEY:
        '{"kty":"OKP","crv":"Ed25519","x":"U9sYTm3vcoLwf7wYRfCjsFF7LpOED30r1O1q3xaq9_M","d":"-OfHeAnaGc4mbKMIgM7efAGyCVgSpvvbxF1FKBeghG0","kid":"bench"}',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const running = track(child, url, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitFor(`${url}/api/health`, child, 120_000);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

/** A helper script of this folder (the bare Fastify baseline), run with tsx. */
export async function startScript(script: string, healthPath: string): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  const running = track(child, url, () => undefined);
  try {
    await waitFor(`${url}${healthPath}`, child, 30_000);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}
