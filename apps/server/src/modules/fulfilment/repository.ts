import { and, asc, eq } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from '@cadran/domain/order-status';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { mailQueue } from '../../db/schema/mail';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { paymentEvents, payments } from '../../db/schema/payments';
import { MailInputSchema, queueRowOf, type MailInput } from '../../mail/queue';
import type { NewLicense } from '../licenses/plan';
import type { OrderRow, StoredOrder } from '../orders/repository';
import type { NormalizedPaymentEvent } from '../payments/provider';

/** The handle a transaction callback receives: the same query builder, bound to one transaction. */
import type { Transaction as Tx } from '../../db/transaction';
export type { Tx };
export type PaymentRow = typeof payments.$inferSelect;

/**
 * Writes of the fulfilment, all on the caller's transaction (issue 7): the event record, the
 * order's moves, the licences and the confirmation mail commit together or not at all.
 */

/** Records the event; false when (provider, event_id) was already there (a replay). */
export async function recordEvent(
  tx: Tx,
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
 * The payment an event is about: by the provider's reference first, else by the order id the
 * provider carried back (a session created while our own write of its reference failed).
 */
export async function findPaymentFor(
  tx: Tx,
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
  if (event.orderId && /^[0-9a-f-]{36}$/i.test(event.orderId)) {
    const [byOrder] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, event.provider), eq(payments.orderId, event.orderId)))
      .limit(1);
    return byOrder;
  }
  return undefined;
}

/** The order and its lines, the order row locked until the transaction ends. */
export async function lockOrder(tx: Tx, orderId: string): Promise<StoredOrder | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { order, items };
}

/** One step of the order state machine, with its order_events row. */
export async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: { status: OrderStatus; paymentStatus: PaymentStatus },
  reason: string,
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ status: to.status, paymentStatus: to.paymentStatus })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`order ${order.id} vanished during fulfilment`);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to.status,
    paymentStatus: to.paymentStatus,
    reason,
  });
  return updated;
}

/** Sets the order aside for a person to look at; its status does not move. */
export async function flagOrder(tx: Tx, order: OrderRow, reason: string): Promise<void> {
  await tx.update(orders).set({ flaggedReason: reason }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    paymentStatus: order.paymentStatus,
    reason: `flagged: ${reason}`,
  });
}

export async function setPaymentStatus(
  tx: Tx,
  paymentId: string,
  status: PaymentRow['status'],
  failureReason: string | null = null,
): Promise<void> {
  await tx.update(payments).set({ status, failureReason }).where(eq(payments.id, paymentId));
}

export async function insertLicenses(tx: Tx, rows: readonly NewLicense[]): Promise<void> {
  if (rows.length > 0) await tx.insert(licenses).values([...rows]);
}

/**
 * Queues a mail inside the transaction (the mail worker's own table), so a confirmation exists
 * exactly when the payment it confirms does; the caller wakes the worker after the commit.
 * A message the queue would refuse (an address that passed the form's simple pattern but that
 * no mail can reach) is skipped: a payment is never undone because its e-mail cannot be sent.
 */
export async function queueMail(tx: Tx, input: MailInput): Promise<boolean> {
  const parsed = MailInputSchema.safeParse(input);
  if (!parsed.success) return false;
  const mail = parsed.data;
  await tx.insert(mailQueue).values(queueRowOf(mail));
  return true;
}
