import { CURRENCY } from '@cadran/domain/constants';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import { centsToDecimalString } from '@cadran/domain/money';
import type { AdminOrder, AdminOrdersQuery } from '@cadran/domain/payments';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { LicensesRepository } from '../licenses/repository';
import type { OrderRow } from '../orders/repository';

/** LIKE wildcards typed by the operator are matched literally. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's view of an order: who, how much, where the payment stands. */
export function toAdminOrder(order: OrderRow, licenseCount: number): AdminOrder {
  const billing = StoredBillingAddressSchema.safeParse(order.billingAddress);
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    currency: CURRENCY,
    total: centsToDecimalString(order.totalCents),
    created_at: order.createdAt.toISOString(),
    customer: {
      email: billing.success ? billing.data.email : '',
      first_name: billing.success ? billing.data.first_name : '',
      last_name: billing.success ? billing.data.last_name : '',
      company: billing.success ? billing.data.company : '',
    },
    flagged_reason: order.flaggedReason,
    license_count: licenseCount,
  };
}

/**
 * Orders for the back office (docs/product.md 'Back office'), newest first, filtered by status,
 * payment status, method, flag, and a search over the number, the billing e-mail, name and company
 * and the account's e-mail.
 */
export async function listAdminOrders(
  db: Database,
  query: AdminOrdersQuery,
): Promise<{ data: AdminOrder[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.payment_status) conditions.push(eq(orders.paymentStatus, query.payment_status));
  if (query.payment_method) conditions.push(eq(orders.paymentMethod, query.payment_method));
  if (query.flagged !== undefined) {
    conditions.push(query.flagged ? isNotNull(orders.flaggedReason) : isNull(orders.flaggedReason));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    const search = or(
      ilike(orders.orderNumber, pattern),
      ilike(users.email, pattern),
      ilike(sql`${orders.billingAddress}->>'email'`, pattern),
      ilike(sql`${orders.billingAddress}->>'last_name'`, pattern),
      ilike(sql`${orders.billingAddress}->>'first_name'`, pattern),
      ilike(sql`${orders.billingAddress}->>'company'`, pattern),
    );
    if (search) conditions.push(search);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [totalRow] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  const counts = await new LicensesRepository(db).countsForOrders(rows.map((r) => r.order.id));
  return {
    data: rows.map(({ order }) => toAdminOrder(order, counts.get(order.id) ?? 0)),
    total: totalRow?.n ?? 0,
  };
}
