/**
 * Waiting for a row lock, bounded by PostgreSQL rather than by the pool's read time-out.
 *
 * A transaction that numbers an invoice waits for the year's counter row while every payment
 * before it commits (docs/product.md 'Invoices' ('Numbers')). In a burst the queue can outlast the
 * pool's 5-second read time-out (client.ts), which abandons the query and answers 503 although
 * the database is fine. `SET LOCAL lock_timeout` below that time-out makes PostgreSQL give up
 * first, cleanly, with SQLSTATE 55P03 and the transaction rolled back (its number given back);
 * `retryOnLockTimeout` then runs the whole transaction again, behind a shorter queue.
 */

import { errorCode, someCause } from './error-causes';

/** Below the pool's read time-out (5 s), with room for the statement's own round trip. */
export const LOCK_WAIT_LIMIT_MS = 3_500;

/** How often a transaction that gave up waiting is run again before its error is thrown. */
export const LOCK_WAIT_ATTEMPTS = 4;

/** The statement that bounds the current transaction's lock waits (PGlite accepts it too). */
export const boundLockWaits = (limitMs = LOCK_WAIT_LIMIT_MS): string =>
  `set local lock_timeout = '${Math.max(1, Math.round(limitMs))}ms'`;

/** Whether `error` (or one it wraps, as Drizzle does) is PostgreSQL giving up a lock wait. */
export const isLockTimeout = (error: unknown): boolean =>
  someCause(error, (cause) => errorCode(cause) === '55P03');

/**
 * Runs `transaction` (a whole `db.transaction(...)`), again when it gave up waiting for a lock:
 * it changed nothing, so running it again is what a provider redelivering its event would do,
 * without the buyer seeing an error.
 */
export async function retryOnLockTimeout<T>(
  transaction: () => Promise<T>,
  attempts = LOCK_WAIT_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isLockTimeout(error)) throw error;
    }
  }
}
