import { orderEventReason } from '@cadran/domain/order-events';
import { isCancellableState } from '@cadran/domain/order-status';
import { isUuid } from '@cadran/domain/uuid';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import { moveOrder } from '../orders/order-moves';
import type { OrderRow, StoredOrder } from '../orders/repository';
import type { PaymentsDependencies } from './payment-dependencies';

export type CancelOrderResult =
  { kind: 'cancelled'; order: StoredOrder } | { kind: 'not_found' } | { kind: 'not_cancellable' };

/** Who cancels: the order's owner (their own orders only), or a staff member (any order). */
export type Canceller = { userId: string } | { staff: StaffActor };

/** Attempts that may still take money: the ones cancelling closes. */
const OPEN_ATTEMPTS = new Set(['created', 'pending']);

const auditView = (order: OrderRow) => ({
  order_number: order.orderNumber,
  status: order.status,
  payment_status: order.paymentStatus,
});

/**
 * An order still pending and unpaid, or failed because its payment was refused, is cancelled
 * by its owner, or by staff (docs/product.md 'Back office'), through the same steps. In one transaction the order moves to cancelled
 * (conditional on the state just read, so a payment landing at the same moment wins and the
 * cancellation is refused), its open payment is marked cancelled, which the sandbox page and
 * the PayPal return then refuse to pay, and a staff cancellation writes its audit entry. After
 * the commit the provider is asked to close its side (Stripe expires the session); if that
 * fails, or the buyer had already paid, the payment arrives as a notification and the
 * fulfilment refunds it.
 */
export async function cancelOrder(
  payments: Pick<PaymentsDependencies, 'db' | 'log' | 'orders' | 'repository' | 'byName'>,
  orderId: string,
  by: Canceller,
  reason: string,
): Promise<CancelOrderResult> {
  const { db, log } = payments;
  if (!isUuid(orderId)) return { kind: 'not_found' };
  const found =
    'staff' in by
      ? await payments.orders.findById(orderId)
      : await payments.orders.findByIdForUser(orderId, by.userId);
  if (!found) return { kind: 'not_found' };
  const { order } = found;
  if (!isCancellableState(order)) return { kind: 'not_cancellable' };
  const who = 'staff' in by ? 'staff' : 'customer';
  const closed = await db.transaction(async (tx) => {
    const moved = await moveOrder(
      tx,
      order,
      { status: 'cancelled', paymentStatus: order.paymentStatus },
      orderEventReason(who === 'staff' ? 'cancelled_by_staff' : 'cancelled_by_customer', {
        note: reason,
      }),
    );
    if (!moved) return undefined;
    const payment = await payments.repository.closeOpen(tx, order.id);
    if ('staff' in by) {
      await recordStaffAction(tx, by.staff, {
        action: 'order.cancel',
        target: { type: 'order', id: order.id },
        before: auditView(order),
        after: { ...auditView(moved), reason: reason === '' ? null : reason },
      });
    }
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
