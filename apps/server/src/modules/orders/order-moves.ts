import { orderEventReason } from '@cadran/domain/order-events';
import {
  orderFlagReason,
  type OrderFlagKind,
  type OrderFlagReasons,
} from '@cadran/domain/order-flags';
import { and, asc, eq } from 'drizzle-orm';
import { canMoveOrder, type OrderState } from '@cadran/domain/order-status';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import type { Executor, Transaction } from '../../db/transaction';
import type { OrderRow, StoredOrder } from './repository';

/**
 * Every change of an order's status or payment status goes through `moveOrder`: the domain's
 * state machine decides whether it is allowed, the update only lands if the order is still as
 * the caller read it, and the order_events row is written with it. Nothing else in the server
 * writes those two columns.
 */

/** A move the state machine forbids: a programming error, never a customer's mistake. */
export class OrderMoveRefusedError extends Error {
  constructor(order: OrderRow, to: OrderState) {
    super(
      `order ${order.id} cannot move from ${order.status}/${order.paymentStatus} to ${to.status}/${to.paymentStatus}`,
    );
    this.name = 'OrderMoveRefusedError';
  }
}

/**
 * Moves `order` to `to` and records why. Undefined when the order is no longer in the state
 * `order` shows (a concurrent change won); callers that hold the row lock always get the row.
 * `db` must be a transaction for the two writes to commit together.
 */
export async function moveOrder(
  tx: Transaction,
  order: OrderRow,
  to: OrderState,
  reason: string,
): Promise<OrderRow | undefined> {
  if (!canMoveOrder(order, to)) throw new OrderMoveRefusedError(order, to);
  const [updated] = await tx
    .update(orders)
    .set({ status: to.status, paymentStatus: to.paymentStatus })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, order.status),
        eq(orders.paymentStatus, order.paymentStatus),
      ),
    )
    .returning();
  if (!updated) return undefined;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to.status,
    paymentStatus: to.paymentStatus,
    reason,
  });
  return updated;
}

/** `moveOrder` for a caller holding the row lock: the order cannot have changed under it. */
export async function moveLockedOrder(
  tx: Transaction,
  order: OrderRow,
  to: OrderState,
  reason: string,
): Promise<OrderRow> {
  const moved = await moveOrder(tx, order, to, reason);
  if (!moved) throw new Error(`order ${order.id} changed while locked`);
  return moved;
}

/**
 * The method an unpaid order is paid with, changed by its buyer before paying it again (a
 * declined card switched to PayPal or a bank transfer). Only the method: the amount, the lines
 * and the state stay as they are; the caller holds the row lock. The history says which method
 * it was and which it became, so staff know why a card order is now waiting for a transfer.
 */
export async function setPaymentMethod(
  tx: Transaction,
  order: OrderRow,
  method: OrderRow['paymentMethod'],
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ paymentMethod: method })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`order ${order.id} vanished while locked`);
  await noteOrderEvent(
    tx,
    updated,
    orderEventReason('payment_method_changed', { from: order.paymentMethod, to: method }),
  );
  return updated;
}

/** The order and its lines, the order row locked until the transaction ends. */
export async function lockOrder(
  tx: Transaction,
  orderId: string,
): Promise<StoredOrder | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { order, items };
}

/**
 * Sets the order aside for a person to look at, with the flag's kind and what it carries
 * (its text: `orderFlagReason`); its status does not move.
 */
export async function flagOrder<K extends OrderFlagKind>(
  db: Executor,
  order: OrderRow,
  kind: K,
  values: OrderFlagReasons[K],
): Promise<void> {
  const reason = orderFlagReason(kind, values);
  await db.update(orders).set({ flaggedReason: reason }).where(eq(orders.id, order.id));
  await noteOrderEvent(db, order, orderEventReason('flagged', { note: reason }));
}

/**
 * Writes on the order's history something that happened to it without moving it (an
 * automatic charge tried, a payment reminder sent).
 */
export async function noteOrderEvent(
  db: Executor,
  order: Pick<OrderRow, 'id' | 'status' | 'paymentStatus'>,
  reason: string,
): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    paymentStatus: order.paymentStatus,
    reason,
  });
}
