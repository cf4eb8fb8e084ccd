import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, pgliteDir } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { createOrPromoteAdmin } from '../../src/modules/admin/admin-accounts';
import { freePort, LOOPBACK_PRODUCTION_ENV, ServerProcess } from '../support/server-process';
import { rememberSecret } from './secrets';

/**
 * The real server as `npm start` runs it (production mode, real HTTP, the built web app), on a
 * fresh embedded database in a temp DATA_DIR. Its log lines are kept for the secrets check.
 * An administrator is created before it starts: PGlite allows one process per data folder.
 */

export interface RealServer {
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  sessionSecret: string;
  /** Raw stdout and stderr lines of the server so far. */
  logLines: string[];
  stop: () => Promise<void>;
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

  const sessionSecret = randomBytes(32).toString('hex');
  rememberSecret(admin.password, sessionSecret);
  const server = ServerProcess.spawn({
    port: await freePort(),
    env: {
      ...LOOPBACK_PRODUCTION_ENV,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SESSION_SECRET: sessionSecret,
      // The header checks cover the API reference, which production hides by default.
      API_DOCS: 'true',
      LOG_LEVEL: 'debug',
    },
  });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await server.waitForHealth(90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.url, dataDir, admin, sessionSecret, logLines: server.logLines, stop };
}
