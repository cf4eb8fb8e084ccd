import { describe, expect, it } from 'vitest';
import { orderEventReason, readOrderEventReason } from './order-events';
import { orderFlagReason, readOrderFlagReason, type ReadFlag } from './order-flags';

describe('order flag reasons', () => {
  const cases: Array<[string, ReadFlag]> = [
    [
      orderFlagReason('second_payment', { attempt: '7c1e', source: 'stripe evt_9' }),
      { kind: 'second_payment', attempt: '7c1e', source: 'stripe evt_9' },
    ],
    [
      orderFlagReason('amount_mismatch', {
        received: '500.00 EUR',
        expected: '588.00 EUR',
        source: 'bank_transfer CAD-2026-7KQ4M2XD (by hand)',
      }),
      {
        kind: 'amount_mismatch',
        received: '500.00 EUR',
        expected: '588.00 EUR',
        source: 'bank_transfer CAD-2026-7KQ4M2XD (by hand)',
      },
    ],
    [
      orderFlagReason('paid_after_cancellation', { source: 'paypal WH-4' }),
      { kind: 'paid_after_cancellation', source: 'paypal WH-4' },
    ],
  ];

  it.each(cases)('reads back %s', (text, read) => {
    expect(readOrderFlagReason(text)).toEqual(read);
  });

  it('keeps the text written before this list, and reads a flag inside its event', () => {
    expect(readOrderFlagReason('checked by hand')).toBeNull();
    const flag = orderFlagReason('paid_after_cancellation', { source: 'stripe evt_1' });
    const event = readOrderEventReason(orderEventReason('flagged', { note: flag }));
    expect(event).toEqual({ kind: 'flagged', note: flag });
  });
});
