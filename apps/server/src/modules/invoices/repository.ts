import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoiceKind } from '@cadran/domain/invoice-numbers';
import { boundLockWaits, LOCK_WAIT_LIMIT_MS } from '../../db/lock-waits';
import type { Executor, Transaction } from '../../db/transaction';
import { invoiceCounters, invoices } from '../../db/schema/invoices';

export type InvoiceRow = typeof invoices.$inferSelect;
/** A document to store; its id may be chosen before (its e-invoice job is written under it). */
export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'createdAt'>;
/** What lists and order answers show, without the PDF bytes. */
export type InvoiceSummary = Pick<InvoiceRow, 'id' | 'kind' | 'number' | 'orderId' | 'issuedAt'> & {
  /** The document's total with VAT, as issued. */
  totalCents: number;
};

export const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  orderId: invoices.orderId,
  issuedAt: invoices.issuedAt,
  totalCents: sql<number>`coalesce((${invoices.document}->>'grossCents')::int, 0)`,
};

/**
 * The next number of `kind` in `year`: one upsert that increments the counter row and keeps it
 * locked until the caller's transaction ends. Concurrent issuers wait for each other here, and
 * a rollback returns the number, so numbers are given without gap or duplicate. The wait is
 * bounded by PostgreSQL (db/lock-waits.ts): past `lockWaitMs` it fails with SQLSTATE 55P03,
 * which the payment path runs again instead of answering 503.
 */
export async function takeNextNumber(
  tx: Transaction,
  kind: InvoiceKind,
  year: number,
  lockWaitMs = LOCK_WAIT_LIMIT_MS,
): Promise<number> {
  await tx.execute(sql.raw(boundLockWaits(lockWaitMs)));
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('the invoice counter returned no row');
  return row.lastNumber;
}

export async function insertInvoice(tx: Transaction, row: NewInvoiceRow): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  if (!inserted) throw new Error('the invoice insert returned no row');
  return inserted;
}

/** The invoice and credit notes of an order, oldest first, without their PDFs. */
export function listForOrder(db: Executor, orderId: string): Promise<InvoiceSummary[]> {
  return db
    .select(summaryColumns)
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
}

export async function findInvoiceOfOrder(
  db: Executor,
  orderId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row;
}

export async function findByNumberForOrder(
  db: Executor,
  orderId: string,
  number: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.number, number)));
  return row;
}

/** The credit note of `invoice`'s VAT alone (`vatOnly`), or of the rest or the whole. */
export async function findCreditNoteOf(
  db: Executor,
  invoiceId: string,
  vatOnly = false,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.creditedInvoiceId, invoiceId), eq(invoices.vatOnly, vatOnly)));
  return row;
}
