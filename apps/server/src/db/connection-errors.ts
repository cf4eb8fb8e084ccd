/**
 * Whether an error means "the database cannot be reached" rather than "this query is wrong":
 * a refused or reset connection, a connect or read time-out of the pool, PostgreSQL shutting
 * down or refusing new sessions. Such a request did nothing wrong and may succeed in a moment,
 * so it gets 503 and Retry-After, not a 500 (docs/quality.md 'Database down (PostgreSQL)'). Drizzle
 * wraps driver errors (`cause`), hence the walk down the chain.
 */

import { errorCode, someCause } from './error-causes';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE: class 08 (connection exception), shutdowns, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /is not queryable/,
  /^PGlite is closed/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (cause) => {
    const code = errorCode(cause);
    return (
      (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) ||
      DRIVER_MESSAGES.some((pattern) => pattern.test(cause.message)) ||
      (cause instanceof AggregateError &&
        cause.errors.some((inner) => isDatabaseUnavailable(inner)))
    );
  });
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
