import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfigFromProcess } from './config';
import { openDatabase, pgliteDir, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/pglite-lock';
import { runSeed } from './db/seed/seed';
import { asyncStdout, createLogger } from './logger';
import { resolveSessionSecret } from './session-secret';

/**
 * Process entry (`npm start`): config, database (with the PGlite lock), migrations, seed, app,
 * listen. SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, stop the
 * mail worker, CHECKPOINT and close the database, then release the lock. SIGHUP reads the web
 * build again.
 */

/** A shutdown that takes longer than this is forced, so an orchestrator's kill never hangs. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  let config;
  try {
    config = await resolveSessionSecret(loadConfigFromProcess());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config, asyncStdout());

  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;

  const release = async () => {
    await app?.close();
    await database?.close();
    lock?.release();
  };

  try {
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: pgliteDir(config.dataDir) },
    );
    await migrateDatabase(database);
    const seeded = await runSeed(database.db, { demo: config.seedDemo });
    log.info({ seeded }, 'database ready');

    app = await buildApp({
      config,
      db: database.db,
      logger: log,
      demoReleases: config.seedDemo,
    });
    await app.listen({ port: config.port, host: config.host });
    log.info(
      { driver: database.driver, dataDir: config.dataDir, publicUrl: config.publicUrl },
      `Cadran server listening on http://${config.host}:${config.port}`,
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      log.fatal({ err: error }, 'server failed to start');
    }
    await release().catch(() => undefined);
    process.exit(1);
  }

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      lock?.release();
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown timed out: exiting');
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    release().then(
      () => {
        log.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        lock?.release();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A new web build was put in place: pages are made from it from now on (src/web/spa.ts).
  process.on('SIGHUP', () => {
    log.info('SIGHUP: reading the web build again');
    app?.webBuild.reload();
  });
}

await main();
