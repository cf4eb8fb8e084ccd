import { CURRENCY } from '@cadran/domain/constants';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import type { AdminOrder, AdminOrdersExportQuery } from '@cadran/domain/staff-orders';
import { and, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { LicensesRepository } from '../licenses/repository';
import type { OrderRow } from '../orders/repository';
import { likePattern, orderOf, periodConditions } from './staff-lists';

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
    total: order.totalCents,
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

/** The list's filters, and for a customer's page the account whose orders they are. */
export type AdminOrdersFilter = AdminOrdersExportQuery & { accountId?: string };

/** The WHERE of the list and of its export: status, payment, method, flag, search, period. */
function ordersWhere(query: AdminOrdersFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.accountId) conditions.push(eq(orders.userId, query.accountId));
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
  conditions.push(...periodConditions(orders.createdAt, query));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const SORT_COLUMNS = {
  created_at: orders.createdAt,
  total: orders.totalCents,
  order_number: orders.orderNumber,
} as const;

/** One matching order with what the list and its export add to it. */
export type OrderForList = { order: OrderRow; invoiceNumber: string | null; licenseCount: number };

/** The number of the order's invoice (its credit notes aside), null before it is issued. */
const invoiceNumberOf = sql<string | null>`(
  SELECT ${invoices.number} FROM ${invoices}
  WHERE ${invoices.orderId} = ${orders.id} AND ${invoices.kind} = 'invoice'
  ORDER BY ${invoices.issuedAt} LIMIT 1)`;

/** Matching orders in the asked order; every one when no page is given (the export). */
export async function findOrdersForList(
  db: Database,
  query: AdminOrdersFilter,
  page?: { limit: number; offset: number },
): Promise<OrderForList[]> {
  const base = db
    .select({ order: orders, invoiceNumber: invoiceNumberOf })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(ordersWhere(query))
    .orderBy(...orderOf(query.sort, SORT_COLUMNS[query.sort.column], orders.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const counts = await new LicensesRepository(db).countsForOrders(rows.map((r) => r.order.id));
  return rows.map((row) => ({ ...row, licenseCount: counts.get(row.order.id) ?? 0 }));
}

/** Matching orders as the list shows them; every one when no page is given. */
export async function findAdminOrders(
  db: Database,
  query: AdminOrdersFilter,
  page?: { limit: number; offset: number },
): Promise<AdminOrder[]> {
  const rows = await findOrdersForList(db, query, page);
  return rows.map(({ order, licenseCount }) => toAdminOrder(order, licenseCount));
}

/**
 * Orders for the back office (docs/product.md 'Back office'), newest first unless sorted
 * otherwise, filtered by status, payment status, method, flag, period and a search over the
 * number, the billing e-mail, name and company and the account's e-mail.
 */
export async function listAdminOrders(
  db: Database,
  query: AdminOrdersExportQuery & { limit: number; offset: number },
): Promise<{ items: AdminOrder[]; total: number; limit: number; offset: number }> {
  const [totalRow] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(ordersWhere(query));
  const items = await findAdminOrders(db, query, query);
  return { items, total: totalRow?.n ?? 0, limit: query.limit, offset: query.offset };
}
