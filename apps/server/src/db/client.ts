import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { tables } from './schema/tables';
import { takeTurnsWithRequests } from './pglite-turns';

/**
 * One `Database` type over both drivers (docs/decisions/001-embedded-pglite-and-postgresql.md):
 * embedded PGlite by default, a PostgreSQL server through `pg` when DATABASE_URL is set. Code above
 * this file only sees the common PostgreSQL query builder, so both run the same queries.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof tables>;

export type DatabaseHandle =
  | { driver: 'pglite'; db: Database; client: PGlite; close: () => Promise<void> }
  | { driver: 'postgres'; db: Database; client: pg.Pool; close: () => Promise<void> };

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /** `from`: a data directory dumped by PGlite (`dumpDataDir`), started as is without initdb. */
  | { kind: 'pglite-memory'; from?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

/** No request query of ours takes a second; migrations run without this limit (migrate.ts). */
export const POOL_QUERY_TIMEOUT_MS = 5_000;
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      // A database that stops answering (crash, network partition) must turn into a prompt
      // 503, not requests that hang (docs/quality.md 'Database down (PostgreSQL)'): bounded connect
      // and read times.
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      query_timeout: POOL_QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client that loses its server must not crash the process: the next query fails
    // instead and /api/health reports it.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema: tables });
    await pool.query('select 1');
    let closed = false;
    return {
      driver: 'postgres',
      db,
      client: pool,
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if (target.kind === 'pglite') {
    await mkdir(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create(target.from ? { loadDataDir: target.from } : {});
  }
  takeTurnsWithRequests(client);
  const db = drizzlePglite(client, { schema: tables });
  const persistent = target.kind === 'pglite';
  return {
    driver: 'pglite',
    db,
    client,
    close: async () => {
      if (client.closed) return;
      // CHECKPOINT flushes the WAL into the data files so the next start replays nothing.
      if (persistent) await client.query('CHECKPOINT').catch(() => undefined);
      await client.close();
    },
  };
}

/** The driver client under a Database, for what the query builder cannot do (LISTEN). */
export type RawDatabaseClient =
  { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; client: pg.Pool };

/**
 * Realtime fan-out LISTENs on the driver itself: PGlite in process, or a dedicated
 * pg connection made from the pool's settings. Drizzle keeps its client as `$client`.
 */
export function rawClientOf(db: Database): RawDatabaseClient {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return { driver: 'pglite', client };
  if (client instanceof pg.Pool) return { driver: 'postgres', client };
  throw new Error('The database is neither PGlite nor a pg pool');
}

/** The PGlite data folder inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Rows of a raw SQL query. Both drivers answer `execute` with an object holding `rows`, but
 * the common Database type cannot know it, hence this one typed door for raw SQL.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Pick<Database, 'execute'>,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
