import { timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders: every instant is a timestamptz, so no server time zone leaks in. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Set on insert and refreshed by Drizzle on every update issued through the query builder. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** SQL list for a CHECK (... IN (...)) built from a constant tuple, so code and schema agree. */
export const sqlList = (values: readonly string[]) =>
  values.map((value) => `'${value}'`).join(', ');
