import { describe, expect, it } from 'vitest';
import { isMessageKey, translateMessage } from './messages';
import {
  PAYMENT_FAILURE_CODES,
  isPaymentFailureCode,
  paymentFailureCodeOf,
  paymentFailureMessageKey,
} from './payments';

describe('payment failure codes', () => {
  it('each has a sentence in both languages', () => {
    for (const code of PAYMENT_FAILURE_CODES) {
      const key = paymentFailureMessageKey(code);
      expect(isMessageKey(key)).toBe(true);
      expect(translateMessage(key, 'fr')).not.toBe(translateMessage(key, 'en'));
    }
  });

  it('knows its codes only', () => {
    expect(isPaymentFailureCode('refused')).toBe(true);
    for (const text of ['Appelez le 0899 FAKE-4242', 'payment.refused', 'toString', '', null]) {
      expect(isPaymentFailureCode(text)).toBe(false);
    }
  });

  it('turns a stored reason into its code, a refusal when it is not one', () => {
    expect(paymentFailureCodeOf('payment.expired')).toBe('expired');
    expect(paymentFailureCodeOf('payment.declined')).toBe('declined');
    expect(paymentFailureCodeOf(null)).toBe('refused');
    expect(paymentFailureCodeOf('payment.unknown_thing')).toBe('refused');
    expect(paymentFailureCodeOf('auth.invalid')).toBe('refused');
  });
});
