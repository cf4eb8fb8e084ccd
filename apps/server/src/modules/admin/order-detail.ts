import { StoredDeliveryAddressSchema } from '@cadran/domain/delivery-address';
import { licenseStatus } from '@cadran/domain/licenses';
import { OrderItemCustomizationsSchema, lineDomains } from '@cadran/domain/orders';
import { lineAmounts } from '@cadran/domain/line-taxes';
import type { AdminOrderDetail, StaffVatNumberStatus } from '@cadran/domain/staff-orders';
import { isUuid } from '@cadran/domain/uuid';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentEvents, payments, refunds } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { withdrawalOf } from '../orders/withdrawal-facts';
import { listForOrder } from '../invoices/repository';
import { statusesOf } from '../invoices/transmission/events';
import { LicensesRepository } from '../licenses/repository';
import { OrdersRepository } from '../orders/repository';
import { itemDisplayName, TemplateSnapshotSchema } from '../orders/template-snapshot';
import { TRANSFER_RECEIVED_TYPE } from '../payments/bank-transfer-provider';
import { staffCreditNoteUrl, staffInvoiceUrl } from '../invoices/routes';
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
  const [events, attempts, given, documents, licences, transfers] = await Promise.all([
    repository.listEvents(order.id),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt)),
    listForOrder(db, order.id),
    new LicensesRepository(db).listForOrder(order.id),
    db
      .select({ payload: paymentEvents.payload, receivedAt: paymentEvents.receivedAt })
      .from(paymentEvents)
      .where(
        and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.type, TRANSFER_RECEIVED_TYPE)),
      )
      .orderBy(asc(paymentEvents.receivedAt)),
  ]);
  const statuses = await statusesOf(
    db,
    documents.map((row) => row.id),
  );
  const document = (row: (typeof documents)[number]) => ({
    id: row.id,
    einvoice: statuses.get(row.id) ?? [],
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    url:
      row.kind === 'invoice'
        ? staffInvoiceUrl(order.id)
        : staffCreditNoteUrl(order.id, encodeURIComponent(row.number)),
  });
  const amounts = lineAmounts(
    items.map((item) => ({ totalCents: item.totalPriceCents, discountCents: item.discountCents })),
    order.taxCents,
  );
  const invoice = documents.find((row) => row.kind === 'invoice');
  return {
    ...toAdminOrder(order, licences.length),
    subtotal: order.subtotalCents,
    discount: order.discountCents,
    tax: order.taxCents,
    tax_rate_basis_points: order.taxRateBasisPoints,
    taxable: order.taxableCents,
    promo_code: order.promoCode,
    vat_number: order.vatNumber,
    vat_number_status: order.vatNumber === null ? null : staffVatStatus(order.vatNumberStatus),
    notes: order.notes,
    language: order.locale,
    billing_address: order.billingAddress,
    delivery_address: deliveryAddressOf(order.deliveryAddress),
    customer: {
      id: order.userId,
      email: account?.email ?? '',
      name: account ? `${account.firstName} ${account.lastName}` : '',
      company: account?.company ?? null,
    },
    lines: items.map((item, index) => {
      const custom = OrderItemCustomizationsSchema.safeParse(item.customizations);
      const snapshot = TemplateSnapshotSchema.safeParse(item.templateSnapshot);
      const amount = amounts[index] ?? { exclTax: 0, tax: 0, inclTax: 0 };
      return {
        id: item.id,
        name: itemDisplayName(item, order.locale),
        billing_cycle: snapshot.success ? snapshot.data.billing_cycle : '',
        quantity: item.quantity,
        unit_price: item.unitPriceCents,
        total_price: item.totalPriceCents,
        discount: item.discountCents,
        total_excl_tax: amount.exclTax,
        tax: amount.tax,
        total_incl_tax: amount.inclTax,
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
    transfer: transferReceipt(transfers.at(-1)),
    invoice: invoice ? document(invoice) : null,
    credit_notes: documents.filter((row) => row.kind === 'credit_note').map(document),
    licences: licences.map((licence) => ({
      id: licence.id,
      key: licence.licenseKey,
      status: licenseStatus(licence, now),
    })),
    withdrawal: withdrawalOf(order, documents, now),
  };
}

/** The stored check of the number, as staff read it ('invalid' is a rejection). */
function staffVatStatus(stored: string): StaffVatNumberStatus {
  if (stored === 'verified' || stored === 'rejected') return stored;
  return 'format_checked';
}

/** The delivery address as stored when it differs from the billing one; null otherwise. */
function deliveryAddressOf(stored: unknown): AdminOrderDetail['delivery_address'] {
  if (stored === null || stored === undefined) return null;
  const read = StoredDeliveryAddressSchema.safeParse(stored);
  return read.success ? read.data : null;
}

/**
 * What staff typed when they recorded the transfer (kept in the event's payload), and when they
 * recorded it: the day to show when they gave no payment date.
 */
function transferReceipt(
  event: { payload: unknown; receivedAt: Date } | undefined,
): AdminOrderDetail['transfer'] {
  const payload = event?.payload;
  if (!event || typeof payload !== 'object' || payload === null) return null;
  const read = (name: string): string | null => {
    const value = (payload as Record<string, unknown>)[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    bank_reference: read('bank_reference'),
    note: read('note'),
    paid_at: read('paid_at'),
    recorded_at: event.receivedAt.toISOString(),
  };
}
