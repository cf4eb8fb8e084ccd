import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { licenseRenewals } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import type { OrderRow } from './repository';

/** One line of the account's order list (docs/product.md 'Client area'). */
export interface OrderListEntry {
  order: Pick<
    OrderRow,
    'id' | 'orderNumber' | 'status' | 'paymentStatus' | 'paymentMethod' | 'totalCents' | 'createdAt'
  >;
  isRenewal: boolean;
  invoiceNumber: string | null;
}

/**
 * A page of `userId`'s orders, newest first, with whether each renews a licence and its
 * invoice's number: one statement for the page, one for the count.
 */
export async function listOrdersOfOwner(
  db: Database,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ entries: OrderListEntry[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        // Qualified by hand: in a one-table select the builder writes bare column names, which
        // the subqueries would read as their own table's.
        isRenewal: sql<boolean>`exists (select 1 from ${licenseRenewals} r where r.order_id = ${orders}.id)`,
        invoiceNumber: sql<
          string | null
        >`(select i.number from ${invoices} i where i.order_id = ${orders}.id and i.kind = 'invoice' limit 1)`,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, userId)),
  ]);
  return {
    entries: rows.map(({ isRenewal, invoiceNumber, ...order }) => ({
      order,
      isRenewal: Boolean(isRenewal),
      invoiceNumber: invoiceNumber ?? null,
    })),
    total: Number(counted[0]?.n ?? 0),
  };
}
