import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages';
import {
  refundRefusal,
  DEFAULT_PAYMENT_METHOD,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_INFO,
  PAYMENT_STATUSES,
  PaymentMethodSchema,
  canMoveOrder,
  canTransition,
  canTransitionPayment,
  isCancellableByCustomer,
  isCancellableState,
  stateWhenPaidAgain,
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

  it('labels statuses as docs/product.md says', () => {
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
    'failed>unpaid',
    'paid>refunded',
  ]);
  const pairs = PAYMENT_STATUSES.flatMap((from) =>
    PAYMENT_STATUSES.map((to) => [from, to] as [PaymentStatus, PaymentStatus]),
  );

  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransitionPayment(from, to)).toBe(allowedPayments.has(`${from}>${to}`));
  });
});

describe('payment methods', () => {
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

describe('canMoveOrder', () => {
  const states = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus })),
  );

  it('allows a move exactly when each part follows its own machine and something moves', () => {
    for (const from of states) {
      for (const to of states) {
        const statusOk = from.status === to.status || canTransition(from.status, to.status);
        const paymentOk =
          from.paymentStatus === to.paymentStatus ||
          canTransitionPayment(from.paymentStatus, to.paymentStatus);
        const moves = from.status !== to.status || from.paymentStatus !== to.paymentStatus;
        expect(canMoveOrder(from, to)).toBe(statusOk && paymentOk && moves);
      }
    }
  });

  it('accepts the moves of a payment, a late payment and its refund', () => {
    expect(
      canMoveOrder(
        { status: 'pending', paymentStatus: 'unpaid' },
        { status: 'processing', paymentStatus: 'paid' },
      ),
    ).toBe(true);
    expect(
      canMoveOrder(
        { status: 'cancelled', paymentStatus: 'unpaid' },
        { status: 'cancelled', paymentStatus: 'paid' },
      ),
    ).toBe(true);
    expect(
      canMoveOrder(
        { status: 'cancelled', paymentStatus: 'paid' },
        { status: 'cancelled', paymentStatus: 'refunded' },
      ),
    ).toBe(true);
  });

  it('refuses reopening a closed order or unpaying a paid one', () => {
    expect(
      canMoveOrder(
        { status: 'cancelled', paymentStatus: 'unpaid' },
        { status: 'pending', paymentStatus: 'unpaid' },
      ),
    ).toBe(false);
    expect(
      canMoveOrder(
        { status: 'completed', paymentStatus: 'paid' },
        { status: 'completed', paymentStatus: 'unpaid' },
      ),
    ).toBe(false);
  });
});

describe('cancelling and paying again', () => {
  it('cancels an unpaid order or one whose payment failed, never money under way or received', () => {
    const cancellable = ORDER_STATUSES.flatMap((status) =>
      PAYMENT_STATUSES.filter((paymentStatus) => isCancellableState({ status, paymentStatus })).map(
        (paymentStatus) => `${status}/${paymentStatus}`,
      ),
    );
    expect(cancellable).toEqual(['pending/unpaid', 'failed/failed']);
    for (const state of cancellable) {
      const [status, paymentStatus] = state.split('/') as [OrderStatus, PaymentStatus];
      expect(canMoveOrder({ status, paymentStatus }, { status: 'cancelled', paymentStatus })).toBe(
        true,
      );
    }
  });

  it('puts a failed order paid again online under way, and a switched transfer unpaid', () => {
    const failed = { status: 'failed', paymentStatus: 'failed' } as const;
    for (const method of ['stripe', 'paypal'] as const) {
      expect(stateWhenPaidAgain(method)).toEqual({ status: 'pending', paymentStatus: 'pending' });
      expect(canMoveOrder(failed, stateWhenPaidAgain(method))).toBe(true);
    }
    expect(stateWhenPaidAgain('bank_transfer')).toEqual({
      status: 'pending',
      paymentStatus: 'unpaid',
    });
    expect(canMoveOrder(failed, stateWhenPaidAgain('bank_transfer'))).toBe(true);
    // Waiting for the transfer, the order can be cancelled again.
    expect(isCancellableState(stateWhenPaidAgain('bank_transfer'))).toBe(true);
  });
});

describe('refunds', () => {
  it('refunds only money received, once', () => {
    expect(refundRefusal({ paymentStatus: 'paid' })).toBeNull();
    expect(refundRefusal({ paymentStatus: 'refunded' })).toBe('already_refunded');
    for (const paymentStatus of ['unpaid', 'pending', 'failed'] as const) {
      expect(refundRefusal({ paymentStatus })).toBe('not_paid');
    }
  });

  it('moves a completed or cancelled paid order to refunded without changing its status', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      expect(
        canMoveOrder({ status, paymentStatus: 'paid' }, { status, paymentStatus: 'refunded' }),
      ).toBe(true);
    }
    expect(
      canMoveOrder(
        { status: 'completed', paymentStatus: 'refunded' },
        { status: 'completed', paymentStatus: 'paid' },
      ),
    ).toBe(false);
  });
});
