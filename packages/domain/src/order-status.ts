import { z } from 'zod';
import type { MessageKey } from './messages';

/** Order statuses (docs/product.md 'Orders' ('Statuses')). */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const orderStatusLabelKey = (status: OrderStatus): MessageKey => `orders.status.${status}`;

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const paymentStatusLabelKey = (status: PaymentStatus): MessageKey =>
  `orders.payment_status.${status}`;

/**
 * The order state machine (docs/product.md 'Orders' ('The order state machine')):
 * - pending: awaiting payment -> processing (paid), failed (payment refused), cancelled;
 * - processing: paid, licences being issued -> completed or failed (issuing failed, refund due);
 * - failed -> pending (the customer retries the payment) or cancelled;
 * - completed and cancelled are terminal: a refund of a completed order is a payment_status
 *   change (paid -> refunded), not an order status change.
 */
const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'failed', 'cancelled'],
  processing: ['completed', 'failed'],
  failed: ['pending', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

export const nextOrderStatuses = (from: OrderStatus): readonly OrderStatus[] =>
  ORDER_TRANSITIONS[from];

export const isTerminalOrderStatus = (status: OrderStatus): boolean =>
  ORDER_TRANSITIONS[status].length === 0;

/**
 * The statuses of an order still open: it may yet be paid (or is being fulfilled). A licence
 * has at most one renewal order in these (the database holds the rule).
 */
export const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter(
  (status) => !isTerminalOrderStatus(status),
);

/** Customers may cancel only an order nobody has been paid for yet. */
export const isCancellableByCustomer = (status: OrderStatus): boolean =>
  canTransition(status, 'cancelled');

/**
 * Where an order stands when its buyer (or staff) may cancel it (docs/product.md 'Orders'
 * ('Cancellation')): placed and unpaid, or failed because its provider refused the money. An
 * order whose payment is under way (money `pending`) may still be paid, so it is not
 * cancellable; a paid one is refunded, never cancelled.
 */
export const isCancellableState = (state: OrderState): boolean =>
  isCancellableByCustomer(state.status) &&
  ((state.status === 'pending' && state.paymentStatus === 'unpaid') ||
    (state.status === 'failed' && state.paymentStatus === 'failed'));

/**
 * Payment states: a payment attempt may start (pending), succeed or fail, a failed one may be
 * retried, and only a paid order can be refunded.
 */
const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  unpaid: ['pending', 'paid', 'failed'],
  pending: ['paid', 'failed', 'unpaid'],
  // A failed order switched to a bank transfer waits, unpaid, for the buyer's transfer.
  failed: ['pending', 'paid', 'unpaid'],
  paid: ['refunded'],
  refunded: [],
};

export const canTransitionPayment = (from: PaymentStatus, to: PaymentStatus): boolean =>
  PAYMENT_TRANSITIONS[from].includes(to);

/** Where an order stands: its own status and the state of its money. */
export interface OrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/**
 * The one rule every change of an order goes through: its status follows the order machine
 * (or stays), its payment status follows the payment machine (or stays), and something moves.
 * Money may still move on a closed order (a late payment on a cancelled one, then its refund).
 */
export const canMoveOrder = (from: OrderState, to: OrderState): boolean => {
  const statusMoves = from.status !== to.status;
  const paymentMoves = from.paymentStatus !== to.paymentStatus;
  if (!statusMoves && !paymentMoves) return false;
  if (statusMoves && !canTransition(from.status, to.status)) return false;
  return !paymentMoves || canTransitionPayment(from.paymentStatus, to.paymentStatus);
};

/**
 * Where an order goes when its buyer pays it again (docs/product.md 'Payment' ('Paying again on
 * the same order')): by card or PayPal its payment is under way at the provider; switched to a
 * bank transfer it waits, unpaid, for the buyer's transfer, like any transfer order.
 */
export const stateWhenPaidAgain = (method: PaymentMethod): OrderState => ({
  status: 'pending',
  paymentStatus: method === 'bank_transfer' ? 'unpaid' : 'pending',
});

/**
 * Why staff cannot refund an order, or null when they can (docs/product.md 'Back office'): only
 * money actually received is given back, and only once.
 */
export const refundRefusal = (
  state: Pick<OrderState, 'paymentStatus'>,
): 'already_refunded' | 'not_paid' | null => {
  if (state.paymentStatus === 'refunded') return 'already_refunded';
  return canTransitionPayment(state.paymentStatus, 'refunded') ? null : 'not_paid';
};

/**
 * Stripe (card, the default), paypal and bank transfer (no fees), all enabled
 * (docs/product.md 'Payment').
 */
export const PAYMENT_METHODS = ['stripe', 'paypal', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'stripe';
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'checkout.payment_method_required',
});

/**
 * Whether an order may be paid with `method`: one that renews its licence automatically needs a
 * method that can be charged again, so never a bank transfer. The server refuses the others
 * (409) and the client area offers only these.
 */
export const methodFitsOrder = (method: PaymentMethod, renewsAutomatically: boolean): boolean =>
  !(method === 'bank_transfer' && renewsAutomatically);

export interface PaymentMethodInfo {
  id: PaymentMethod;
  nameKey: MessageKey;
  descriptionKey: MessageKey;
  enabled: boolean;
  feesCents: number;
}

/** The fixed local list the checkout shows (docs/product.md 'Checkout' ('The form')). */
export const PAYMENT_METHOD_INFO: readonly PaymentMethodInfo[] = PAYMENT_METHODS.map((id) => ({
  id,
  nameKey: `payment.${id}.name`,
  descriptionKey: `payment.${id}.description`,
  enabled: true,
  feesCents: 0,
}));

/**
 * GET /payment-methods (docs/product.md 'Payment' ('Payment methods and providers')), names already
 * translated.
 */
export const PaymentMethodOptionSchema = z.object({
  id: PaymentMethodSchema,
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  fees: z.number().min(0).optional(),
});
export type PaymentMethodOption = z.infer<typeof PaymentMethodOptionSchema>;
