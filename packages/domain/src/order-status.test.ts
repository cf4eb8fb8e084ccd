import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages';
import {
  DEFAULT_PAYMENT_METHOD,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_INFO,
  PAYMENT_STATUSES,
  PaymentMethodSchema,
  canTransition,
  canTransitionPayment,
  isCancellableByCustomer,
  isTerminalOrderStatus,
  orderStatusLabelKey,
  paymentStatusLabelKey,
  type OrderStatus,
  type PaymentStatus,
} from './order-status';

const allowed: ReadonlySet<string> = new Set([
  'pending>processing',
  'pending>failed',
  'pending>cancelled',
  'processing>completed',
  'processing>failed',
  'failed>pending',
  'failed>cancelled',
]);

describe('order state machine', () => {
  const pairs = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]),
  );

  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('has completed and cancelled as the only terminal states', () => {
    expect(ORDER_STATUSES.filter(isTerminalOrderStatus)).toEqual(['completed', 'cancelled']);
    expect(ORDER_STATUSES.filter(isCancellableByCustomer)).toEqual(['pending', 'failed']);
  });

  it('labels statuses as the spec says (spec 4)', () => {
    expect(ORDER_STATUSES.map((s) => translateMessage(orderStatusLabelKey(s), 'fr'))).toEqual([
      'En attente',
      'En cours',
      'Terminée',
      'Échouée',
      'Annulée',
    ]);
    for (const status of PAYMENT_STATUSES) {
      expect(translateMessage(paymentStatusLabelKey(status), 'en')).not.toContain('orders.');
    }
  });
});

describe('payment state machine', () => {
  const allowedPayments = new Set([
    'unpaid>pending',
    'unpaid>paid',
    'unpaid>failed',
    'pending>paid',
    'pending>failed',
    'pending>unpaid',
    'failed>pending',
    'failed>paid',
    'paid>refunded',
  ]);
  const pairs = PAYMENT_STATUSES.flatMap((from) =>
    PAYMENT_STATUSES.map((to) => [from, to] as [PaymentStatus, PaymentStatus]),
  );

  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransitionPayment(from, to)).toBe(allowedPayments.has(`${from}>${to}`));
  });
});

describe('payment methods (spec 9)', () => {
  it('offers stripe, paypal and bank transfer, stripe by default, all enabled and free', () => {
    expect(PAYMENT_METHODS).toEqual(['stripe', 'paypal', 'bank_transfer']);
    expect(DEFAULT_PAYMENT_METHOD).toBe('stripe');
    expect(PAYMENT_METHOD_INFO.every((m) => m.enabled && m.feesCents === 0)).toBe(true);
    expect(translateMessage(PAYMENT_METHOD_INFO[0]!.nameKey, 'fr')).toBe('Carte bancaire');
    expect(translateMessage(PAYMENT_METHOD_INFO[2]!.nameKey, 'fr')).toBe('Virement bancaire');
  });

  it('requires a known method', () => {
    expect(PaymentMethodSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'checkout.payment_method_required',
    );
    expect(PaymentMethodSchema.safeParse('bitcoin').success).toBe(false);
  });
});
