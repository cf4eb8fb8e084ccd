import pg from 'pg';
import { rawClientOf, type Database } from '../db/client';
import { createJobQueues } from './boss';
import type { AnyJobDefinition } from './definition';
import { pgliteJobDb, poolJobDb } from './job-db';

/**
 * Makes the job queues ready on the app's database: pg-boss's schema, created or migrated,
 * and one queue per definition. The server does it at start for the jobs it runs; a process
 * that only sends (the command line) does it for the jobs it sends, since pg-boss writes no
 * job for a queue that does not exist. On PostgreSQL it runs on a connection of its own
 * without the request time-out: waiting for another server's schema lock may take longer.
 */
export async function installJobQueues(
  db: Database,
  definitions: readonly AnyJobDefinition[],
): Promise<void> {
  const raw = rawClientOf(db);
  if (raw.driver === 'pglite') {
    await createJobQueues(pgliteJobDb(raw.client), definitions);
    return;
  }
  const pool = new pg.Pool({ ...raw.client.options, query_timeout: undefined, max: 1 });
  pool.on('error', () => undefined);
  try {
    await createJobQueues(poolJobDb(pool), definitions);
  } finally {
    await pool.end();
  }
}
