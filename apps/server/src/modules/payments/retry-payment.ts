import { orderEventReason } from '@cadran/domain/order-events';
import {
  methodFitsOrder,
  stateWhenPaidAgain,
  type OrderState,
  type PaymentMethod,
} from '@cadran/domain/order-status';
import { isUuid } from '@cadran/domain/uuid';
import { OPEN_ATTEMPT_INDEX } from '../../db/schema/payments';
import { isUniqueViolation } from '../../db/unique-violation';
import { lockOrder, moveLockedOrder, setPaymentMethod } from '../orders/order-moves';
import type { OrderRow, StoredOrder } from '../orders/repository';
import type { PaymentRow } from './payment-records';
import type { PaymentsDependencies } from './payment-dependencies';
import { openAttempt, type StartPaymentDependencies } from './start-payment';

export type RetryPaymentResult =
  | { kind: 'started'; order: StoredOrder; paymentUrl: string | null }
  | { kind: 'not_found' }
  /** Paid, refunded, cancelled, set aside for a person, or paid by bank transfer. */
  | { kind: 'not_payable' }
  /** An attempt can still take money: the buyer pays that one (its URL), never two at once. */
  | { kind: 'attempt_open'; paymentUrl: string | null }
  /** No provider takes the method asked for on this installation. */
  | { kind: 'method_unavailable' }
  /** An order that renews its licence automatically needs a method that can be charged again. */
  | { kind: 'transfer_renews' };

/** Where an order may stand for its buyer to pay it again. */
const RETRYABLE: readonly OrderState[] = [
  { status: 'failed', paymentStatus: 'failed' },
  { status: 'pending', paymentStatus: 'unpaid' },
  { status: 'pending', paymentStatus: 'pending' },
  { status: 'pending', paymentStatus: 'failed' },
];

const isRetryable = (order: OrderRow): boolean =>
  order.flaggedReason === null &&
  order.paymentMethod !== 'bank_transfer' &&
  RETRYABLE.some(
    (state) => state.status === order.status && state.paymentStatus === order.paymentStatus,
  );

/** Where the order goes with its new attempt; unchanged when it is already where it should be. */
function nextState(order: OrderRow, method: PaymentMethod): OrderState | undefined {
  const to = stateWhenPaidAgain(method);
  if (order.status === 'failed') return to;
  // A pending order paid again online keeps its state; one switched to a transfer waits unpaid.
  if (method === 'bank_transfer' && order.paymentStatus !== 'unpaid') return to;
  return undefined;
}

/**
 * The buyer pays again an order of theirs whose last payment attempt was declined or expired
 * (docs/decisions/020-payment-attempts-per-order.md): a new attempt of the same amount on the
 * same order, through the provider of the order's method or of the one the buyer switches to
 * (card, PayPal, or a bank transfer that then waits unpaid for the money), and the order back
 * to pending. In
 * one transaction holding the order's row lock, the state is checked again, the attempt
 * written and the order moved; two clicks at once are serialised by that lock, and the
 * one-open-attempt index refuses a second attempt whatever else happens. The provider is
 * asked after the commit, never inside the transaction. An attempt left 'created' (its
 * provider failed) is opened again rather than refused.
 */
export async function retryPayment(
  payments: StartPaymentDependencies & Pick<PaymentsDependencies, 'db' | 'orders'>,
  orderId: string,
  userId: string,
  /** The method the buyer switches to; the order's own when absent. */
  switchTo?: PaymentMethod,
): Promise<RetryPaymentResult> {
  const { db } = payments;
  if (!isUuid(orderId)) return { kind: 'not_found' };
  const found = await payments.orders.findByIdForUser(orderId, userId);
  if (!found) return { kind: 'not_found' };
  if (!isRetryable(found.order)) return { kind: 'not_payable' };
  const method = switchTo ?? found.order.paymentMethod;
  if (!methodFitsOrder(method, found.order.autoRenew)) return { kind: 'transfer_renews' };
  const provider = payments.providerFor(method);
  if (!provider) return switchTo ? { kind: 'method_unavailable' } : { kind: 'not_payable' };

  type Started = { kind: 'started'; stored: StoredOrder; attempt: PaymentRow };
  let outcome: Started | { kind: 'not_payable' } | { kind: 'open'; attempt: PaymentRow };
  try {
    outcome = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (!locked || !isRetryable(locked.order)) return { kind: 'not_payable' as const };
      const latest = await payments.repository.findLatestForOrder(orderId, tx);
      if (latest && (latest.status === 'created' || latest.status === 'pending')) {
        return { kind: 'open' as const, attempt: latest };
      }
      const attempt = await payments.repository.insertCreated(
        {
          orderId,
          provider: provider.name,
          amountCents: locked.order.totalCents,
          currency: locked.order.currency,
        },
        tx,
      );
      const switched =
        method === locked.order.paymentMethod
          ? locked.order
          : await setPaymentMethod(tx, locked.order, method);
      const to = nextState(switched, method);
      const order = to
        ? await moveLockedOrder(
            tx,
            switched,
            to,
            orderEventReason('retried_by_customer', { attempt: attempt.id }),
          )
        : switched;
      return { kind: 'started' as const, stored: { order, items: locked.items }, attempt };
    });
  } catch (error) {
    if (!isUniqueViolation(error, OPEN_ATTEMPT_INDEX)) throw error;
    const open = await payments.repository.findOpenForOrder(orderId);
    if (!open) throw error;
    outcome = { kind: 'open', attempt: open };
  }

  if (outcome.kind === 'not_payable') return outcome;
  if (outcome.kind === 'open') {
    // Opened at its provider already: the buyer is sent there, no second attempt is made.
    if (outcome.attempt.status !== 'created') {
      return { kind: 'attempt_open', paymentUrl: outcome.attempt.paymentUrl };
    }
    const stored = (await payments.orders.findByIdForUser(orderId, userId)) ?? found;
    const paymentUrl = await openAttempt(payments, stored, outcome.attempt);
    return { kind: 'started', order: stored, paymentUrl };
  }
  const paymentUrl = await openAttempt(payments, outcome.stored, outcome.attempt);
  return { kind: 'started', order: outcome.stored, paymentUrl };
}
