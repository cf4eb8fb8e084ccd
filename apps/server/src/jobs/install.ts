import pg from 'pg';
import { rawClientOf, type Database } from '../db/client';
import { createJobQueues } from './boss';
import type { AnyJobDefinition } from './definition';
import { clientJobDb, pgliteJobDb } from './job-db';

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
  // One connection of its own, holding a session lock while it works: servers starting
  // together otherwise create the same queue at once, and PostgreSQL answers one of them with
  // a deadlock (the queue row and its partition table are locked in opposite orders).
  const client = new pg.Client({ ...raw.client.options, query_timeout: undefined });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [INSTALL_LOCK]);
    await createJobQueues(clientJobDb(client), definitions);
  } finally {
    // Ending the session releases its lock, even when the work above failed.
    await client.end();
  }
}

/** The advisory lock key under which one server at a time installs the job queues. */
const INSTALL_LOCK = 'cadran:job-queues:install';
