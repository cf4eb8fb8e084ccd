import { readStaffSort } from '@cadran/domain/staff-lists';
import type { StaffNewsletterQuery, StaffSubscriber } from '@cadran/domain/staff-newsletter';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likePattern, orderNullsLast } from '../../db/list-query';
import { newsletterSubscribers } from '../../db/schema/newsletter';
import { toCsv } from '../../http/csv';

/**
 * Newsletter subscribers in the back office (docs/product.md 'Back office' ('Newsletter')):
 * how many are pending, confirmed and unsubscribed, the list, and the export of the confirmed
 * ones, the only addresses that may be written to.
 */

type Row = typeof newsletterSubscribers.$inferSelect;

const toSubscriber = (row: Row): StaffSubscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  language: row.locale,
  created_at: row.createdAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
});

const SORT_COLUMNS = {
  created_at: newsletterSubscribers.createdAt,
  email: newsletterSubscribers.email,
  confirmed_at: newsletterSubscribers.confirmedAt,
};

export async function listStaffSubscribers(db: Database, query: StaffNewsletterQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(newsletterSubscribers.status, query.status));
  if (query.q) conditions.push(ilike(newsletterSubscribers.email, likePattern(query.q)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const sort = readStaffSort<keyof typeof SORT_COLUMNS>(query.sort);
  const column = SORT_COLUMNS[sort.column];
  const byStatus = await db
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const { status, n } of byStatus) counts[status] = Number(n);
  const [total] = await db.select({ n: count() }).from(newsletterSubscribers).where(where);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(orderNullsLast(column, sort.descending), asc(newsletterSubscribers.id))
    .limit(query.limit)
    .offset(query.offset);
  return { counts, items: rows.map(toSubscriber), total: total?.n ?? 0 };
}

/** The confirmed subscribers as a CSV file (http/csv.ts), oldest confirmation first. */
export async function confirmedSubscribersCsv(
  db: Database,
): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(
      sql`${newsletterSubscribers.confirmedAt} asc nulls last`,
      asc(newsletterSubscribers.email),
    );
  const csv = toCsv(
    ['email', 'language', 'confirmed_at', 'created_at'],
    rows.map((row) => [row.email, row.locale, row.confirmedAt, row.createdAt]),
  );
  return { csv, rows: rows.length };
}
