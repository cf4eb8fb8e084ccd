import { causeChain, errorCode } from './error-causes';

/**
 * The constraint named by a PostgreSQL unique violation (SQLSTATE 23505) in `error` or an error
 * it wraps (Drizzle puts the driver's error in `cause`); undefined for any other error. PGlite
 * and node-pg both expose `code` and `constraint` on their errors.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const violation = causeChain(error).find((cause) => errorCode(cause) === '23505');
  if (!violation) return undefined;
  const name = (violation as { constraint?: unknown }).constraint;
  return typeof name === 'string' ? name : '';
}

/** True when `error` is a unique violation of the named constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return violatedUniqueConstraint(error) === constraint;
}
