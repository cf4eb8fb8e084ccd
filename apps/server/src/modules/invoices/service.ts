import { isUuid } from '@cadran/domain/uuid';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';
import { storedInvoicePdf } from './stored-pdf';
import { listForOrder, summaryColumns, type InvoiceRow, type InvoiceSummary } from './repository';

/**
 * `app.invoices`: reads of issued invoices and credit notes for their owner, and for staff.
 * Anything that is not the caller's own document (another account's order, an unpaid order, a
 * malformed id or number) is simply not found: the routes answer it with the same 404.
 */
export class InvoicesService {
  constructor(private readonly db: Database) {}

  /** The document `number` (or the invoice, without one) of an order `userId` placed. */
  findForOwner(orderId: string, userId: string, number?: string): Promise<InvoiceRow | undefined> {
    return this.find(orderId, userId, number);
  }

  /** The same document for staff, whoever placed the order (the back office's order page). */
  findForStaff(orderId: string, number?: string): Promise<InvoiceRow | undefined> {
    return this.find(orderId, null, number);
  }

  private async find(
    orderId: string,
    userId: string | null,
    number: string | undefined,
  ): Promise<InvoiceRow | undefined> {
    if (!isUuid(orderId)) return undefined;
    const [row] = await this.db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(
        and(
          eq(invoices.orderId, orderId),
          userId === null ? undefined : eq(orders.userId, userId),
          number === undefined ? eq(invoices.kind, 'invoice') : eq(invoices.number, number),
        ),
      )
      .limit(1);
    return row?.invoice;
  }

  /** The stored PDF of a document read for its owner (rendered and stored first if needed). */
  async pdfOf(row: InvoiceRow): Promise<Buffer> {
    const pdf = row.pdf ?? (await storedInvoicePdf(this.db, row.id));
    if (!pdf) throw new Error(`invoice ${row.id} vanished while read`);
    return pdf;
  }

  /** Every invoice and credit note of `userId`'s orders, newest first, without their PDFs. */
  listForOwner(userId: string): Promise<Array<InvoiceSummary & { orderNumber: string }>> {
    return this.db
      .select({ ...summaryColumns, orderNumber: orders.orderNumber })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  }

  /** The invoice and credit notes of an order, without their PDFs. */
  listForOrder(orderId: string): Promise<InvoiceSummary[]> {
    return listForOrder(this.db, orderId);
  }
}
