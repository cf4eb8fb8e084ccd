import { z } from 'zod';
import { successEnvelope } from './api';
import { clean } from './fields';

/**
 * What every back-office list shares (docs/product.md 'Back office' ('Lists')): `limit` (50 by
 * default, at most 100), `offset`, a `sort` naming one whitelisted column, `-` first for
 * descending, and the answer `{ items, total, limit, offset }`.
 */

export const STAFF_PAGE_DEFAULT = 50;
export const STAFF_PAGE_MAX = 100;
/** Far beyond any real list: an offset past it is a probe, not a page. */
const OFFSET_MAX = 1_000_000;

export const staffPageFields = {
  limit: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(STAFF_PAGE_MAX, { error: 'validation.out_of_range' })
    .default(STAFF_PAGE_DEFAULT),
  offset: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.out_of_range' })
    .max(OFFSET_MAX, { error: 'validation.out_of_range' })
    .default(0),
};

/** A free-text search of at most 200 characters; blank means none. */
export const staffSearchField = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(200, { error: 'validation.too_long', ...clean })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** `column` or `-column` among `columns`; `fallback` when absent. */
export function staffSortField<const C extends string>(columns: readonly C[], fallback: string) {
  const allowed = [...columns, ...columns.map((column) => `-${column}`)] as [string, ...string[]];
  return z.enum(allowed, { error: 'validation.invalid' }).default(fallback);
}

export interface StaffSort<C extends string> {
  column: C;
  descending: boolean;
}

/** Reads a `sort` value the schema accepted. */
export function readStaffSort<C extends string>(sort: string): StaffSort<C> {
  const descending = sort.startsWith('-');
  return { column: (descending ? sort.slice(1) : sort) as C, descending };
}

/** The answer of a back-office list of `item`s. */
export const staffListAnswer = <T extends z.ZodType>(item: T) =>
  successEnvelope({
    items: z.array(item),
    total: z.number().int().min(0),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
  });

/** Ids in paths: positive PostgreSQL integers (anything else never matches a row). */
export const SERIAL_ID_MAX = 2_147_483_647;

/*
 * The order and customer lists name the same pieces without the prefix, and read their sort
 * into a column and a direction as the schema parses it.
 */
export const pageFields = staffPageFields;
export const searchField = staffSearchField;
export const listAnswer = staffListAnswer;

/** `column` or `-column` of `columns`, read into the column and its direction. */
export function sortField<const C extends string>(columns: readonly [C, ...C[]], fallback: string) {
  return staffSortField(columns, fallback).transform((value) => readStaffSort<C>(value));
}

/** A day (`2026-03-01`) or an instant (`2026-03-01T10:00:00Z`). */
export const periodBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'validation.invalid',
});

/** A period whose end is not before its start. */
export const isOrderedPeriod = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from.slice(0, 10) <= query.to.slice(0, 10);
