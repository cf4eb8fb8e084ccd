import { addDays, startOfShopDay } from '@cadran/domain/paris-days';
import type { InvoiceDocument } from '@cadran/domain/invoice';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { invoices } from '../../db/schema/invoices';

/**
 * The stored invoices and credit notes the accountant's exports read (docs/product.md 'Back
 * office' ('Accounting exports')): documents as issued, never recomputed. Periods are Paris
 * days, both ends included.
 */

/** The documents whose `instant` falls in the period, in that order, then by number. */
async function documentsBetween(
  db: Executor,
  instant: SQL,
  from: string,
  to: string,
): Promise<InvoiceDocument[]> {
  const start = startOfShopDay(from).toISOString();
  const end = startOfShopDay(addDays(to, 1)).toISOString();
  const rows = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(sql`${instant} >= ${start}::timestamptz AND ${instant} < ${end}::timestamptz`)
    .orderBy(asc(instant), asc(invoices.number));
  return rows.map((row) => row.document);
}

/** Documents issued in the period: the sales journal's and the One-Stop Shop's. */
export const documentsIssuedBetween = (db: Executor, from: string, to: string) =>
  documentsBetween(db, sql`${invoices.issuedAt}`, from, to);

/**
 * Documents whose money moved in the period: an invoice on its payment date (a transfer may
 * be recorded as paid on the day it arrived, before the invoice), a credit note on its issue
 * date (its refund).
 */
export const documentsSettledBetween = (db: Executor, from: string, to: string) =>
  documentsBetween(
    db,
    sql`CASE WHEN ${invoices.kind} = 'invoice'
      THEN (${invoices.document} ->> 'paidAt')::timestamptz ELSE ${invoices.issuedAt} END`,
    from,
    to,
  );
