import { and, asc, desc, eq } from 'drizzle-orm';
import { isUuid } from '@cadran/domain/uuid';
import { paymentEvents, payments, refunds, type RefundKind } from '../../db/schema/payments';
import type { Transaction } from '../../db/transaction';
import type { PaymentRow, RefundRow } from './payment-row';
import type { NormalizedPaymentEvent } from './provider';

export type { PaymentRow, RefundRow };

/**
 * Writes of a payment's outcome, on the caller's transaction: the fulfilment records the event,
 * moves the order, issues the licences and queues the mail, all committing together.
 */

/** Records the event; false when (provider, event_id) was already there (a replay). */
export async function recordEvent(
  tx: Transaction,
  event: NormalizedPaymentEvent,
  orderId: string | null,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      orderId,
      payload: event.payload ?? {},
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/**
 * The attempt an event is about: by the provider's reference first, else by our attempt id the
 * provider carried back, else the order's latest attempt at that provider (a session created
 * while our own write of its reference failed).
 */
export async function findPaymentFor(
  tx: Transaction,
  event: NormalizedPaymentEvent,
): Promise<PaymentRow | undefined> {
  if (event.reference) {
    const [byReference] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.provider, event.provider), eq(payments.providerReference, event.reference)),
      )
      .limit(1);
    if (byReference) return byReference;
  }
  if (!event.orderId || !isUuid(event.orderId)) return undefined;
  const ofOrder = and(eq(payments.provider, event.provider), eq(payments.orderId, event.orderId));
  if (event.paymentId && isUuid(event.paymentId)) {
    const [byId] = await tx
      .select()
      .from(payments)
      .where(and(ofOrder, eq(payments.id, event.paymentId)))
      .limit(1);
    if (byId) return byId;
  }
  const [latest] = await tx
    .select()
    .from(payments)
    .where(ofOrder)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return latest;
}

/** Whether `payment` is its order's latest attempt, the one the order's state follows. */
export async function isLatestAttempt(tx: Transaction, payment: PaymentRow): Promise<boolean> {
  const [latest] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.orderId, payment.orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return latest?.id === payment.id;
}

export async function setPaymentStatus(
  tx: Transaction,
  paymentId: string,
  status: PaymentRow['status'],
  failureReason: string | null = null,
): Promise<void> {
  await tx.update(payments).set({ status, failureReason }).where(eq(payments.id, paymentId));
}

/**
 * The attempt took the money: 'succeeded', with the provider's id of that money when the event
 * carries one (Stripe payment intent, PayPal capture), which a refund names later.
 */
export async function markPaymentSucceeded(
  tx: Transaction,
  paymentId: string,
  moneyReference: string | null | undefined,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'succeeded', failureReason: null, moneyReference: moneyReference ?? null })
    .where(eq(payments.id, paymentId));
}

/**
 * Records money given back for one attempt on the caller's transaction; the attempt becomes
 * 'refunded' when what remains of it goes back. Undefined when that attempt already has a
 * refund of this kind (the unique payment_id and kind).
 */
export async function recordRefund(
  tx: Transaction,
  payment: PaymentRow,
  refund: {
    providerReference: string | null;
    reason: string;
    refundedBy: string;
    creditNoteId?: string | null;
    /** The VAT alone, or (the default) what remains of the attempt: all of it if nothing went back. */
    kind?: RefundKind;
    amountCents?: number;
  },
): Promise<RefundRow | undefined> {
  const kind = refund.kind ?? 'full';
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: payment.orderId,
      paymentId: payment.id,
      kind,
      provider: payment.provider,
      amountCents: refund.amountCents ?? payment.amountCents,
      currency: payment.currency,
      providerReference: refund.providerReference,
      reason: refund.reason,
      refundedBy: refund.refundedBy,
      creditNoteId: refund.creditNoteId ?? null,
    })
    .onConflictDoNothing({ target: [refunds.paymentId, refunds.kind] })
    .returning();
  // Giving back the VAT alone leaves the attempt paid; the rest of it closes it.
  if (row && kind === 'full') await setPaymentStatus(tx, payment.id, 'refunded');
  return row;
}

/** The refunds already recorded for one attempt. */
export function refundsOfPayment(
  executor: Pick<Transaction, 'select'>,
  paymentId: string,
): Promise<RefundRow[]> {
  return executor.select().from(refunds).where(eq(refunds.paymentId, paymentId));
}

/** The attempt that paid the order: its first that succeeded (a later one is a second payment). */
export async function findPaidAttempt(
  executor: Pick<Transaction, 'select'>,
  orderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await executor
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return row;
}
