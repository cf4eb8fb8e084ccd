import { isUuid } from '@cadran/domain/uuid';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';
import { listForOrder, type InvoiceRow, type InvoiceSummary } from './repository';

/**
 * `app.invoices`: reads of issued invoices and credit notes for their owner. Anything that is
 * not the caller's own document (another account's order, an unpaid order, a malformed id or
 * number) is simply not found: the routes answer it with the same 404.
 */
export class InvoicesService {
  constructor(private readonly db: Database) {}

  /** The document `number` (or the invoice, without one) of an order `userId` placed. */
  async findForOwner(
    orderId: string,
    userId: string,
    number?: string,
  ): Promise<InvoiceRow | undefined> {
    if (!isUuid(orderId)) return undefined;
    const [row] = await this.db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(
        and(
          eq(invoices.orderId, orderId),
          eq(orders.userId, userId),
          number === undefined ? eq(invoices.kind, 'invoice') : eq(invoices.number, number),
        ),
      )
      .limit(1);
    return row?.invoice;
  }

  /** The invoice and credit notes of an order, without their PDFs. */
  listForOrder(orderId: string): Promise<InvoiceSummary[]> {
    return listForOrder(this.db, orderId);
  }
}
