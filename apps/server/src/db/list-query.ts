import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Pieces of the back office's list queries (docs/product.md 'Back office' ('Lists')). */

/**
 * A search text as a LIKE pattern that matches it anywhere: the wildcards an operator types
 * (`%`, `_`) and the escape character are matched literally.
 */
export const likePattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Orders by `column` either way, rows without a value last in both. */
export const orderNullsLast = (column: AnyColumn, descending: boolean): SQL =>
  descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
