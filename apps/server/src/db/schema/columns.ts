import { integer, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * A required link to the row this one belongs to (a vote to its item, a file to its release):
 * deleting that row deletes this one with it.
 */
export const belongsToUuid = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** The same link to a row whose key is an integer (a roadmap item). */
export const belongsToInteger = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });
