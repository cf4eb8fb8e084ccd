import {
  LOOPBACK_PRODUCTION_ENV,
  ServerProcess,
} from '../../../apps/server/test/support/server-process';

/**
 * The real server as `npm start` runs it (production mode, real HTTP on loopback), started,
 * killed and started again on the same data: the object of every reliability scenario. The
 * process itself is the server test suite's harness.
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

export function startServer(
  settings: ServerSettings,
  readyTimeoutMs = 120_000,
): Promise<ServerProcess> {
  return ServerProcess.start(
    {
      port: settings.port,
      keepLines: LOG_KEEP,
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
