import type { Config } from '../config';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { acquireDataDirLock, type DataDirLock } from '../db/pglite-lock';

/**
 * Runs an operator command on the server's own database (DATABASE_URL, or the embedded one in
 * DATA_DIR), migrated, and closes it afterwards whatever happens. The embedded database is
 * locked first: PGlite has one owner at a time, so a command refuses to run beside a server.
 */
export async function withCommandDatabase<T>(
  config: Config,
  use: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  try {
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, maxConnections: 2 }
        : { kind: 'pglite', dataDir: pgliteDir(config.dataDir) },
    );
    // A fresh data folder works too: the schema is created as the server would.
    await migrateDatabase(database);
    return await use(database);
  } finally {
    await database?.close();
    lock?.release();
  }
}
