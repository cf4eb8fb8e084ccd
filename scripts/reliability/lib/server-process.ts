import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildServer, DEFAULT_OUT_DIR } from '../../../apps/server/build';
import {
  LOOPBACK_PRODUCTION_ENV,
  ServerProcess,
} from '../../../apps/server/test/support/server-process';

/**
 * The real server as `npm start` runs it (production mode, real HTTP on loopback, the compiled
 * bundle under plain node), started, killed and started again on the same data: the object of
 * every reliability scenario. The process itself is the server test suite's harness.
 */

export { freePort, ServerProcess } from '../../../apps/server/test/support/server-process';

export interface ServerSettings {
  port: number;
  dataDir: string;
  sessionSecret: string;
  /** PostgreSQL instead of the embedded PGlite in dataDir. */
  databaseUrl?: string;
  webDist?: string;
  env?: Record<string, string>;
}

/** The last lines kept of a server's output: enough for the mail checks and failure reports. */
const LOG_KEEP = 400;

let bundle: { dir: string; entry: string } | undefined;

/**
 * Bundles the current source once for the whole run, as `npm run build` does, under dist/
 * beside the real build and never over it (the bundle finds its packages in the repository's
 * node_modules). Each start then runs plain JavaScript: a run starts some twenty servers, and
 * through tsx each start would compile the source again. Built here rather than taken from
 * dist/, so a run never tests a bundle older than the source.
 */
export async function buildServerOnce(): Promise<void> {
  if (bundle) return;
  await mkdir(DEFAULT_OUT_DIR, { recursive: true });
  const dir = await mkdtemp(path.join(DEFAULT_OUT_DIR, 'reliability-'));
  bundle = { dir, entry: await buildServer(dir) };
}

export async function removeServerBundle(): Promise<void> {
  if (bundle) await rm(bundle.dir, { recursive: true, force: true });
  bundle = undefined;
}

export function startServer(
  settings: ServerSettings,
  readyTimeoutMs = 120_000,
): Promise<ServerProcess> {
  return ServerProcess.start(
    {
      port: settings.port,
      keepLines: LOG_KEEP,
      ...(bundle ? { args: ['--enable-source-maps', bundle.entry] } : {}),
      env: {
        ...LOOPBACK_PRODUCTION_ENV,
        DATA_DIR: settings.dataDir,
        SESSION_SECRET: settings.sessionSecret,
        LOG_LEVEL: 'warn',
        ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
        ...(settings.webDist ? { WEB_DIST_DIR: settings.webDist } : {}),
        ...settings.env,
      },
    },
    readyTimeoutMs,
  );
}
