import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactBankCode, formatIban, ibanCheckDigits, isValidBic, isValidIban } from './iban';

describe('IBAN and BIC checks of the bank-transfer details', () => {
  it('accepts real-shaped IBANs with valid check digits, in any spacing or case', () => {
    for (const iban of [
      'FR76 3000 6000 0112 3456 7890 189',
      'fr7630006000011234567890189',
      'DE89 3704 0044 0532 0130 00',
      'BE68-5390-0754-7034',
      'GB82 WEST 1234 5698 7654 32',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('refuses a changed digit, a wrong shape or letters where digits belong', () => {
    for (const iban of [
      'FR76 3000 6000 0112 3456 7890 188',
      'FR7630006',
      '76FR30006000011234567890189',
      '',
    ]) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });

  it('computes check digits that always validate, and catches any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{23}$/),
        fc.nat(22),
        fc.integer({ min: 1, max: 9 }),
        (bban, at, delta) => {
          const iban = `FR${ibanCheckDigits('FR', bban)}${bban}`;
          expect(isValidIban(iban)).toBe(true);
          const digit = (Number(bban[at]) + delta) % 10;
          const changed = `FR${ibanCheckDigits('FR', bban)}${bban.slice(0, at)}${digit}${bban.slice(at + 1)}`;
          expect(isValidIban(changed)).toBe(false);
        },
      ),
    );
  });

  it('formats by groups of four and checks BICs', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(compactBankCode(' agri frpp ')).toBe('AGRIFRPP');
    expect(isValidBic('AGRIFRPP')).toBe(true);
    expect(isValidBic('agrifrppxxx')).toBe(true);
    expect(isValidBic('AGRIFRP')).toBe(false);
    expect(isValidBic('1GRIFRPP')).toBe(false);
  });
});
