import { licenseStatus } from '@cadran/domain/licenses';
import { OrderItemCustomizationsSchema, lineDomains } from '@cadran/domain/orders';
import type { AdminOrderDetail } from '@cadran/domain/staff-orders';
import { isUuid } from '@cadran/domain/uuid';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, refunds } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { listForOrder } from '../invoices/repository';
import { LicensesRepository } from '../licenses/repository';
import { OrdersRepository } from '../orders/repository';
import { itemDisplayName } from '../orders/template-snapshot';
import { toAdminOrder } from './orders-query';

/**
 * One order as the back office shows it (docs/product.md 'Back office'): the order and its
 * lines, the account that placed it, its history, payment attempts, refunds, invoice, credit
 * notes and licences. Undefined for an unknown or malformed id.
 */
export async function adminOrderDetail(
  db: Database,
  orderId: string,
  now: Date,
): Promise<AdminOrderDetail | undefined> {
  if (!isUuid(orderId)) return undefined;
  const repository = new OrdersRepository(db);
  const stored = await repository.findById(orderId);
  if (!stored) return undefined;
  const { order, items } = stored;
  const [account] = await db.select().from(users).where(eq(users.id, order.userId)).limit(1);
  const [events, attempts, given, documents, licences] = await Promise.all([
    repository.listEvents(order.id),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt)),
    listForOrder(db, order.id),
    new LicensesRepository(db).listForOrder(order.id),
  ]);
  const document = (row: (typeof documents)[number]) => ({
    id: row.id,
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
  });
  const invoice = documents.find((row) => row.kind === 'invoice');
  return {
    ...toAdminOrder(order, licences.length),
    subtotal: order.subtotalCents,
    discount: order.discountCents,
    tax: order.taxCents,
    tax_rate_basis_points: order.taxRateBasisPoints,
    promo_code: order.promoCode,
    notes: order.notes,
    language: order.locale,
    billing_address: order.billingAddress,
    customer: {
      id: order.userId,
      email: account?.email ?? '',
      name: account ? `${account.firstName} ${account.lastName}` : '',
      company: account?.company ?? null,
    },
    lines: items.map((item) => {
      const custom = OrderItemCustomizationsSchema.safeParse(item.customizations);
      return {
        id: item.id,
        name: itemDisplayName(item, order.locale),
        quantity: item.quantity,
        unit_price: item.unitPriceCents,
        total_price: item.totalPriceCents,
        domains: custom.success ? lineDomains(custom.data) : [],
      };
    }),
    events: events.map((event) => ({
      at: event.createdAt.toISOString(),
      from_status: event.fromStatus,
      to_status: event.toStatus,
      payment_status: event.paymentStatus,
      reason: event.reason,
    })),
    payments: attempts.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amount: payment.amountCents,
      reference: payment.providerReference,
      created_at: payment.createdAt.toISOString(),
    })),
    refunds: given.map((refund) => ({
      id: refund.id,
      payment_id: refund.paymentId,
      provider: refund.provider,
      amount: refund.amountCents,
      reference: refund.providerReference,
      reason: refund.reason,
      refunded_by: refund.refundedBy,
      created_at: refund.createdAt.toISOString(),
    })),
    invoice: invoice ? document(invoice) : null,
    credit_notes: documents.filter((row) => row.kind === 'credit_note').map(document),
    licences: licences.map((licence) => ({
      id: licence.id,
      key: licence.licenseKey,
      status: licenseStatus(licence, now),
    })),
  };
}
