/**
 * The constraint named by a PostgreSQL unique violation (SQLSTATE 23505) in `error` or an error
 * it wraps (Drizzle puts the driver's error in `cause`); undefined for any other error. PGlite
 * and node-pg both expose `code` and `constraint` on their errors.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof name === 'string' ? name : '';
    current = current.cause;
  }
  return undefined;
}

/** True when `error` is a unique violation of the named constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return violatedUniqueConstraint(error) === constraint;
}
