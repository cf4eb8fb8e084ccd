import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBusinessOrder,
  withdrawalRefusal,
  withdrawalView,
  type WithdrawalFacts,
} from './withdrawal';

const DAY = 86_400_000;
const paidAt = new Date('2026-11-01T10:00:00Z');
const consumer = (facts: Partial<WithdrawalFacts> = {}): WithdrawalFacts => ({
  business: false,
  paidAt,
  paymentStatus: 'paid',
  requestedAt: null,
  ...facts,
});
const at = (days: number) => new Date(paidAt.getTime() + days * DAY);

describe('who may withdraw, and until when', () => {
  it('offers it to a consumer for 30 days from the payment, then closes it', () => {
    expect(withdrawalView(consumer(), at(29.99))).toEqual({
      state: 'open',
      possible: true,
      available_until: '2026-12-01T10:00:00.000Z',
      requested_at: null,
    });
    expect(withdrawalRefusal(consumer(), at(29.99))).toBeNull();
    expect(withdrawalView(consumer(), at(30))).toMatchObject({ state: 'closed', possible: false });
    expect(withdrawalRefusal(consumer(), at(30))).toBe('withdrawal.period_over');
  });

  it('never offers it to a business buyer, nor on an order never paid', () => {
    expect(withdrawalView(consumer({ business: true }), at(1))).toBeNull();
    expect(withdrawalRefusal(consumer({ business: true }), at(1))).toBe(
      'withdrawal.business_buyer',
    );
    const unpaid = consumer({ paidAt: null, paymentStatus: 'unpaid' });
    expect(withdrawalView(unpaid, at(1))).toBeNull();
    expect(withdrawalRefusal(unpaid, at(1))).toBe('withdrawal.not_paid');
  });

  it('follows a request to its refund; asking again is not refused', () => {
    const requestedAt = at(3);
    expect(withdrawalView(consumer({ requestedAt }), at(40))).toEqual({
      state: 'requested',
      possible: false,
      available_until: '2026-12-01T10:00:00.000Z',
      requested_at: requestedAt.toISOString(),
    });
    expect(withdrawalRefusal(consumer({ requestedAt }), at(40))).toBeNull();
    expect(
      withdrawalView(consumer({ requestedAt, paymentStatus: 'refunded' }), at(5)),
    ).toMatchObject({ state: 'refunded', possible: false });
  });

  it('closes it on an order staff refunded for another reason', () => {
    const refunded = consumer({ paymentStatus: 'refunded' });
    expect(withdrawalView(refunded, at(2))).toMatchObject({ state: 'closed', possible: false });
    expect(withdrawalRefusal(refunded, at(2))).toBe('withdrawal.not_available');
  });

  it('is possible exactly when nothing refuses it', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.constantFrom('paid', 'refunded', 'unpaid', 'failed') as fc.Arbitrary<
          WithdrawalFacts['paymentStatus']
        >,
        fc.integer({ min: -5, max: 60 }),
        (business, paymentStatus, days) => {
          const facts = consumer({
            business,
            paymentStatus,
            paidAt: paymentStatus === 'unpaid' || paymentStatus === 'failed' ? null : paidAt,
          });
          const view = withdrawalView(facts, at(days));
          const refused = withdrawalRefusal(facts, at(days));
          expect(view?.possible ?? false).toBe(refused === null);
        },
      ),
    );
  });

  it('reads a company name or a VAT number as a business', () => {
    expect(isBusinessOrder({ company: '', vatNumber: null })).toBe(false);
    expect(isBusinessOrder({ company: ' ', vatNumber: '' })).toBe(false);
    expect(isBusinessOrder({ company: 'Atelier Dupont', vatNumber: null })).toBe(true);
    expect(isBusinessOrder({ company: '', vatNumber: 'FR40303265045' })).toBe(true);
  });
});
