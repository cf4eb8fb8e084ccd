import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, pgliteDir } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { createOrPromoteAdmin } from '../../src/modules/admin/admin-accounts';
import { rememberSecret } from './secrets';

/**
 * The real server as `npm start` runs it (production mode, real HTTP, the built web app), on a
 * fresh embedded database in a temp DATA_DIR. Its log lines are kept for the secrets check.
 * An administrator is created before it starts: PGlite allows one process per data folder.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export interface RealServer {
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  sessionSecret: string;
  /** Raw stdout and stderr lines of the server so far. */
  logLines: string[];
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startRealServer(webDist: string): Promise<RealServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-security-server-'));
  const admin = { email: 'securite.admin@cadran.fr', password: 'Cadran-Admin-Secret-2024' };
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir(dataDir) });
  try {
    await migrateDatabase(handle);
    await createOrPromoteAdmin(handle.db, admin);
  } finally {
    await handle.close();
  }

  const port = await freePort();
  const sessionSecret = randomBytes(32).toString('hex');
  rememberSecret(admin.password, sessionSecret);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SESSION_SECRET: sessionSecret,
      // Plain http on loopback: a Secure cookie would never come back from the browser.
      COOKIE_SECURE: 'false',
      // The checks send from many addresses; only loopback may claim one.
      TRUST_PROXY: 'loopback',
      PAYMENT_SANDBOX: 'true',
      PAYMENT_SANDBOX_IN_PRODUCTION: 'i-accept-unpaid-orders',
      // The header checks cover the API reference, which production hides by default.
      API_DOCS: 'true',
      // Production offers bank transfer only with an account to pay into.
      BANK_HOLDER: 'Cadran SAS',
      BANK_IBAN: 'FR7630004000031234567890143',
      BANK_BIC: 'CDRNFRPPXXX',
      LOG_LEVEL: 'debug',
    },
  });
  const logLines: string[] = [];
  let pending = '';
  const collect = (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    logLines.push(...lines.filter((line) => line.trim() !== ''));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${logLines.slice(-20).join('\n')}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer within 90 s:\n${logLines.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, dataDir, admin, sessionSecret, logLines, stop };
}
