import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/transaction';

/**
 * The connections pg-boss runs its SQL through. pg-boss accepts any object with
 * `executeSql(text, values)` in place of its own pool; these adapters let it share the
 * database the app already opened (docs/decisions/008-job-queue.md).
 */
export type JobDb = PgBoss.Db;

/**
 * pg-boss wraps its schema changes and maintenance in one string
 * `BEGIN; SET LOCAL …; SELECT pg_advisory_xact_lock(…); …; COMMIT;`.
 */
const WRAPPED_IN_TRANSACTION = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

/**
 * PGlite, one in-process connection. Its `query()` sends one statement with parameters (the
 * extended protocol); `exec()` sends any number of statements without parameters (the simple
 * protocol), which is also what `pg` does with a parameterless string. So: parameters go to
 * `query()`, everything else to `exec()`.
 *
 * A `BEGIN; …; COMMIT;` string is not handed to `exec()` as it is: a failing statement in it
 * would leave the one connection inside an aborted transaction, and every later query of the
 * app would fail until someone sent ROLLBACK. Its body runs in `transaction()` instead, which
 * holds PGlite's lock from BEGIN to COMMIT or ROLLBACK, so no other query of the app can slip
 * into that transaction and a failure always ends in ROLLBACK.
 */
export function pgliteJobDb(client: PGlite): JobDb {
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const wrapped = WRAPPED_IN_TRANSACTION.exec(text);
      const results = wrapped
        ? await client.transaction((tx) => tx.exec(wrapped[1] ?? ''))
        : await client.exec(text);
      // pg-boss reads rows only from single statements; of several, the last one answers.
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * One `pg` client, used for a short task and then ended (installing the queues): a failed
 * multi-statement string leaves its session aborted, which ending it discards.
 */
export function clientJobDb(client: Pick<pg.Client, 'query'>): JobDb {
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * A `pg` pool. A multi-statement string without parameters goes out as one simple query, as
 * pg-boss expects; a connection whose query failed is dropped by the pool, not reused, so a
 * failed `BEGIN; …` cannot leak an aborted transaction into the app's next query.
 */
export function poolJobDb(pool: pg.Pool): JobDb {
  return { executeSql: (text, values) => pool.query(text, values) };
}

interface DriverClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The connection of a Drizzle database or open transaction, so a job is written IN the
 * caller's transaction: pg-boss's `send(name, data, { db })`. Drizzle keeps its driver
 * client (a pg pool or pool client, PGlite or a PGlite transaction) on its session; nothing
 * in its public API hands it out for a transaction, hence this one reach inside, checked by
 * the job tests on both drivers.
 *
 * Only single statements go through here (inserting, completing or failing jobs).
 */
export function executorJobDb(executor: Executor): JobDb {
  const session = (executor as unknown as { session?: { client?: Partial<DriverClient> } }).session;
  const client = session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('No driver connection under this database handle: cannot write a job in it');
  }
  const query: DriverClient['query'] = client.query.bind(client);
  return {
    executeSql: async (text, values) => {
      const result = await query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}
