/*
 * Small checks for reading a value from outside by hand, where a page must not ship zod (the
 * stored cart, the catalogue the cart reads). Each reader built on them is proved by a property
 * test to accept exactly what its zod schema accepts.
 */

export type Fields = Record<string, unknown>;

/** A plain object: not null, not an array (as z.object() sees it). */
export const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number from `min` to `max`, both included. */
export const intIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A string of `min` to `max` characters (UTF-16 units, as zod counts them). */
export const textUpTo = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/** A whole number zod's `.int()` accepts (a safe integer), no smaller than `min`. */
export const isWholeFrom = (value: unknown, min = Number.MIN_SAFE_INTEGER): value is number =>
  intIn(value, min, Number.MAX_SAFE_INTEGER);
