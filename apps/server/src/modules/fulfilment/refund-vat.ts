import { centsToDecimalString } from '@cadran/domain/money';
import { orderEventReason } from '@cadran/domain/order-events';
import { vatToGiveBack } from '@cadran/domain/vat-credit';
import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import type { Transaction } from '../../db/transaction';
import type { MailBrand } from '../../mail/templates';
import { issueVatCreditNoteFor } from '../invoices/issue-invoice';
import { findCreditNoteOf, findInvoiceOfOrder, type InvoiceRow } from '../invoices/repository';
import { lockOrder } from '../orders/order-moves';
import type { OrderRow } from '../orders/repository';
import { queueRefundMail } from './refund-mail';
import {
  findPaidAttempt,
  recordRefund,
  refundsOfPayment,
  type PaymentRow,
  type RefundRow,
} from '../payments/payment-records';
import type { RefundAtProvider } from '../payments/refund-payment';
import { refundSource, refundThenRecord, type RefundPathDependencies } from './refund-then-record';

/**
 * The VAT of a paid order goes back to its buyer once its VAT number is confirmed after the
 * sale (docs/product.md 'VAT numbers'): through the provider that took the money, for the VAT
 * alone, with a credit note of the VAT alone and an e-mail; the licences stay. Refunded by the
 * one refund path (refund-then-record.ts), with one idempotency key per payment for its VAT;
 * the transaction records the refund (unique per payment and kind), the credit note, the order's
 * event and the e-mail. Asked twice, by two processes or again after a crash between the two,
 * the provider answers its first refund and the second recording finds the first: the VAT goes
 * back once.
 */

export interface VatRefundDependencies extends MailBrand, RefundPathDependencies {
  now: () => Date;
}

export type VatRefundResult =
  | { kind: 'nothing_due' }
  | { kind: 'already_refunded' }
  | { kind: 'provider_unavailable' }
  | { kind: 'refunded'; refund: RefundRow; creditNote: InvoiceRow | null };

/** The VAT this order still owes its buyer, with the attempt that paid it; null when none. */
async function vatStillDue(
  db: Database,
  order: OrderRow,
): Promise<{ payment: PaymentRow; cents: number } | null> {
  if (order.paymentStatus !== 'paid') return null;
  const cents = vatToGiveBack({
    billingCountry: String(order.billingAddress.country),
    vatNumberStatus: order.vatNumberStatus,
    taxKind: order.taxKind,
    taxCents: order.taxCents,
  });
  if (cents === 0) return null;
  const payment = await findPaidAttempt(db, order.id);
  if (!payment) return null;
  const earlier = await refundsOfPayment(db, payment.id);
  return earlier.length > 0 ? null : { payment, cents };
}

/** Gives back the VAT of one order whose VAT number is now confirmed, once. */
export async function refundConfirmedVat(
  deps: VatRefundDependencies,
  orderId: string,
): Promise<VatRefundResult> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return { kind: 'nothing_due' };
  const due = await vatStillDue(deps.db, order);
  if (!due) return { kind: 'nothing_due' };
  // Refused or out of reach: the next run of the VAT job asks again, with the same key.
  return refundThenRecord(deps, due.payment, { kind: 'vat', amountCents: due.cents }, (tx, given) =>
    recordVatRefund(deps, tx, due.payment, due.cents, given),
  );
}

async function recordVatRefund(
  deps: VatRefundDependencies,
  tx: Transaction,
  payment: PaymentRow,
  cents: number,
  given: RefundAtProvider,
): Promise<VatRefundResult> {
  const stored = await lockOrder(tx, payment.orderId);
  if (!stored || stored.order.paymentStatus !== 'paid') return { kind: 'already_refunded' };
  const order = stored.order;
  const reference = given.kind === 'refunded' ? given.refund.reference : null;
  const refund = await recordRefund(tx, payment, {
    kind: 'vat',
    amountCents: cents,
    providerReference: reference,
    reason: `VAT number ${order.vatNumber ?? ''} confirmed: reverse charge`,
    refundedBy: 'automatic',
  });
  // Another process recorded it first, after the same provider call: nothing more to write.
  if (!refund) return { kind: 'already_refunded' };

  const invoice = await findInvoiceOfOrder(tx, order.id);
  const creditNote = invoice
    ? ((await findCreditNoteOf(tx, invoice.id, true)) ??
      (await issueVatCreditNoteFor(tx, invoice, { seller: deps.seller, issuedAt: deps.now() })))
    : null;
  if (creditNote) {
    await tx.update(refunds).set({ creditNoteId: creditNote.id }).where(eq(refunds.id, refund.id));
  }
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    paymentStatus: order.paymentStatus,
    reason: orderEventReason('vat_refunded', {
      amount: `${centsToDecimalString(cents)} ${payment.currency}`,
      source: refundSource(payment, given),
    }),
  });
  await queueRefundMail(tx, deps, order, creditNote, {
    amountCents: cents,
    licencesRevoked: 0,
    renewalWithdrawn: null,
    vatConfirmed: { vatNumber: order.vatNumber ?? '' },
  });
  return {
    kind: 'refunded',
    refund: { ...refund, creditNoteId: creditNote?.id ?? null },
    creditNote,
  };
}

/** Orders looked at per run, oldest first. */
const SWEEP_BATCH = 50;

/**
 * Gives back the VAT of every paid order whose number is confirmed and whose VAT has not gone
 * back yet: run after each re-check of VAT numbers, so a refund the provider refused, or one
 * cut short by a crash, is asked again.
 */
export async function refundConfirmedVatOrders(
  deps: VatRefundDependencies,
): Promise<{ refunded: number; unavailable: number }> {
  const candidates = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.vatNumberStatus, 'verified'),
        eq(orders.paymentStatus, 'paid'),
        eq(orders.taxKind, 'eu_consumer'),
        gt(orders.taxCents, 0),
        notExists(
          deps.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_BATCH);
  const totals = { refunded: 0, unavailable: 0 };
  for (const { id } of candidates) {
    const result = await refundConfirmedVat(deps, id);
    if (result.kind === 'refunded') totals.refunded += 1;
    if (result.kind === 'provider_unavailable') totals.unavailable += 1;
  }
  return totals;
}
