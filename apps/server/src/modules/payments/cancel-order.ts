import { isUuid } from '@cadran/domain/uuid';
import { moveOrder } from '../orders/order-moves';
import type { StoredOrder } from '../orders/repository';
import type { PaymentsService } from './service';

export type CancelOrderResult =
  { kind: 'cancelled'; order: StoredOrder } | { kind: 'not_found' } | { kind: 'not_cancellable' };

/** Attempts that may still take money: the ones cancelling closes. */
const OPEN_ATTEMPTS = new Set(['created', 'pending']);

/**
 * A customer cancels an order of theirs that is still pending and unpaid. In one transaction
 * the order moves to cancelled (conditional on the state just read, so a payment landing at
 * the same moment wins and the cancellation is refused) and its open payment is marked
 * cancelled, which the sandbox page and the PayPal return then refuse to pay. After the commit
 * the provider is asked to close its side (Stripe expires the session); if that fails, or the
 * buyer had already paid, the payment arrives as a notification and the fulfilment refunds it.
 */
export async function cancelOrder(
  payments: PaymentsService,
  orderId: string,
  userId: string,
  reason: string,
): Promise<CancelOrderResult> {
  const { db, log } = payments.options;
  if (!isUuid(orderId)) return { kind: 'not_found' };
  const found = await payments.orders.findByIdForUser(orderId, userId);
  if (!found) return { kind: 'not_found' };
  const { order } = found;
  if (order.status !== 'pending' || order.paymentStatus !== 'unpaid') {
    return { kind: 'not_cancellable' };
  }
  const closed = await db.transaction(async (tx) => {
    const moved = await moveOrder(
      tx,
      order,
      { status: 'cancelled', paymentStatus: order.paymentStatus },
      reason === '' ? 'cancelled by customer' : `cancelled by customer: ${reason}`,
    );
    if (!moved) return undefined;
    const payment = await payments.repository.closeOpen(tx, order.id);
    return { moved, payment };
  });
  if (!closed) return { kind: 'not_cancellable' };

  const { payment } = closed;
  if (payment && OPEN_ATTEMPTS.has(payment.previousStatus)) {
    const provider = payments.byName(payment.row.provider);
    try {
      await provider?.close?.(payment.row);
    } catch (error) {
      // The order stays cancelled: a payment that still gets through is refunded on arrival.
      log.warn({ err: error, orderId: order.id }, 'payment of a cancelled order not closed');
    }
  }
  return { kind: 'cancelled', order: { order: closed.moved, items: found.items } };
}
