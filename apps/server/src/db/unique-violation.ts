/**
 * True when `error` (or an error it wraps: Drizzle puts the driver's error in `cause`) is a
 * PostgreSQL unique violation (SQLSTATE 23505) of the named constraint. PGlite and node-pg
 * both expose `code` and `constraint` on their errors.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === constraint;
    current = current.cause;
  }
  return false;
}
