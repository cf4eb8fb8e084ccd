import { describe, expect, it } from 'vitest';
import { orderEventReason, readOrderEventReason, type ReadReason } from './order-events';

describe('order event reasons', () => {
  const cases: Array<[string, ReadReason]> = [
    [orderEventReason('created'), { kind: 'created' }],
    [
      orderEventReason('created_by_staff', { by: 'claire@cadran.fr' }),
      { kind: 'created_by_staff', by: 'claire@cadran.fr' },
    ],
    [orderEventReason('renewal'), { kind: 'renewal' }],
    [
      orderEventReason('payment_received', { source: 'sandbox sandbox:3f1c' }),
      { kind: 'payment_received', source: 'sandbox sandbox:3f1c' },
    ],
    [
      orderEventReason('payment_retried', { source: 'stripe evt_1' }),
      { kind: 'payment_retried', source: 'stripe evt_1' },
    ],
    [
      orderEventReason('paid_after_cancellation', { source: 'paypal WH-1' }),
      { kind: 'paid_after_cancellation', source: 'paypal WH-1' },
    ],
    [orderEventReason('licences_issued', { count: 3 }), { kind: 'licences_issued', count: 3 }],
    [
      orderEventReason('licence_renewed', { key: 'CDR-AB12', until: '2027-11-24T10:00:00.000Z' }),
      { kind: 'licence_renewed', key: 'CDR-AB12', until: '2027-11-24T10:00:00.000Z' },
    ],
    [
      orderEventReason('payment_failed', {
        cause: 'card declined (insufficient funds)',
        source: 'stripe evt_2',
      }),
      {
        kind: 'payment_failed',
        cause: 'card declined (insufficient funds)',
        source: 'stripe evt_2',
      },
    ],
    [
      orderEventReason('refunded_late_payment', { source: 'stripe evt_3' }),
      { kind: 'refunded_late_payment', source: 'stripe evt_3' },
    ],
    [
      orderEventReason('refunded_by_staff', {
        source: 'sandbox',
        note: 'Erreur : commande\nen double',
      }),
      { kind: 'refunded_by_staff', source: 'sandbox', note: 'Erreur : commande\nen double' },
    ],
    [
      orderEventReason('cancelled_by_staff', { note: '' }),
      { kind: 'cancelled_by_staff', note: '' },
    ],
    [
      orderEventReason('cancelled_by_customer', { note: 'plus besoin' }),
      { kind: 'cancelled_by_customer', note: 'plus besoin' },
    ],
    [
      orderEventReason('cancelled_licence_revoked', { key: 'CAD-ABCD-EFGH-JKLM' }),
      { kind: 'cancelled_licence_revoked', key: 'CAD-ABCD-EFGH-JKLM' },
    ],
    [
      orderEventReason('retried_by_customer', { attempt: '0b9e' }),
      { kind: 'retried_by_customer', attempt: '0b9e' },
    ],
    [
      orderEventReason('payment_method_changed', { from: 'stripe', to: 'bank_transfer' }),
      { kind: 'payment_method_changed', from: 'stripe', to: 'bank_transfer' },
    ],
    [
      orderEventReason('flagged', { note: 'amount mismatch: received 10.00' }),
      { kind: 'flagged', note: 'amount mismatch: received 10.00' },
    ],
  ];

  it('reads back every kind as it was written, details and notes included', () => {
    for (const [text, read] of cases) expect(readOrderEventReason(text), text).toEqual(read);
  });

  it('writes the texts the order history has always stored', () => {
    expect(orderEventReason('payment_received', { source: 'sandbox x' })).toBe(
      'payment received (sandbox x)',
    );
    expect(orderEventReason('licences_issued', { count: 2 })).toBe('2 licences issued');
    expect(orderEventReason('licences_issued', { count: 1 })).toBe('1 licence issued');
    expect(orderEventReason('cancelled_by_staff', { note: 'doublon' })).toBe(
      'cancelled by staff: doublon',
    );
  });

  it('reads the licence count of events stored before plurals were written', () => {
    expect(readOrderEventReason('3 licence(s) issued')).toEqual({
      kind: 'licences_issued',
      count: 3,
    });
    expect(readOrderEventReason('1 licence issued')).toEqual({ kind: 'licences_issued', count: 1 });
    expect(readOrderEventReason('2 licences issued')).toEqual({
      kind: 'licences_issued',
      count: 2,
    });
  });

  it('answers null for a text no pattern knows, which is then shown as it is', () => {
    expect(readOrderEventReason('something else happened')).toBeNull();
    expect(readOrderEventReason('')).toBeNull();
  });
});
