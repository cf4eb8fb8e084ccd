import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CENTS,
  applyRate,
  centsToDecimalString,
  decimalStringToCents,
  formatMoney,
  parseMoneyToCents,
  rateToDecimalString,
} from './money';
import { DecimalStringSchema } from './wire-schemas';

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const cents = fc.integer({ min: 0, max: MAX_CENTS });

describe('parseMoneyToCents', () => {
  it.each([
    ['49.00', 4900],
    ['49.9', 4990],
    ['49.', 4900],
    ['1234', 123400],
    [' 12.34 ', 1234],
    ['.5', 50],
    ['0', 0],
    ['0.00', 0],
    ['49.995', 5000],
    ['49.994', 4999],
    ['0.005', 1],
    ['0.0049999', 0],
    ['007.10', 710],
    [49.9, 4990],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [19.99, 1999],
    [0, 0],
    [-0, 0],
    [1e-9, 0],
  ] as const)('parses %j to %d cents', (input, expected) => {
    expect(parseMoneyToCents(input)).toBe(expected);
  });

  it.each([
    ['-1'],
    ['+1'],
    ['1e3'],
    ['1,50'],
    ['12 34'],
    ['0x10'],
    [''],
    ['.'],
    ['abc'],
    ['Infinity'],
    ['NaN'],
    [-0.01],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [{}],
    [[1]],
    [true],
    ['99999999999'],
    [1e12],
  ])('refuses %j', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it('round-trips through the wire format', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = centsToDecimalString(c);
        expect(DecimalStringSchema.safeParse(text).success).toBe(true);
        expect(parseMoneyToCents(text)).toBe(c);
        expect(decimalStringToCents(text)).toBe(c);
      }),
    );
  });

  it('never returns a negative or fractional amount', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.string(), fc.stringMatching(/^-?\d{0,6}(\.\d{0,5})?$/)),
        (input) => {
          const result = parseMoneyToCents(input);
          if (result !== null) {
            expect(Number.isSafeInteger(result)).toBe(true);
            expect(result).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('sums decimal strings without float drift', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 200 }), (list) => {
        const total = list
          .map((c) => parseMoneyToCents(centsToDecimalString(c)) ?? Number.NaN)
          .reduce((sum, c) => sum + c, 0);
        expect(total).toBe(list.reduce((sum, c) => sum + c, 0));
      }),
    );
    const tenCents = Array.from({ length: 1000 }, () => parseMoneyToCents('0.10') ?? 0);
    expect(centsToDecimalString(tenCents.reduce((a, b) => a + b, 0))).toBe('100.00');
  });
});

describe('centsToDecimalString', () => {
  it('formats with two decimals and keeps a sign for refunds', () => {
    expect(centsToDecimalString(4900)).toBe('49.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(123456789)).toBe('1234567.89');
  });

  it('refuses non-integers', () => {
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
    expect(() => centsToDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => decimalStringToCents('abc')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('uses French formatting with Intl spaces', () => {
    expect(formatMoney(123400, 'fr')).toBe(`1${NNBSP}234,00${NBSP}€`);
    expect(formatMoney(4900, 'fr')).toBe(`49,00${NBSP}€`);
    expect(formatMoney(0, 'fr')).toBe(`0,00${NBSP}€`);
  });

  it('uses English euro formatting', () => {
    expect(formatMoney(123400, 'en')).toBe('€1,234.00');
    expect(formatMoney(5, 'en')).toBe('€0.05');
  });
});

describe('applyRate', () => {
  it('rounds half-up to the cent', () => {
    expect(applyRate(10000, 20)).toBe(2000);
    expect(applyRate(1, 50)).toBe(1); // 0.5 cent -> 1
    expect(applyRate(2, 20)).toBe(0); // 0.4 cent -> 0
    expect(applyRate(1250, 8.1)).toBe(101); // 101.25
    expect(applyRate(1000, 8.15)).toBe(82); // 81.5 -> 82
    expect(applyRate(4900, 7.7)).toBe(377); // 377.3
    expect(applyRate(-1250, 20)).toBe(-250);
    expect(Object.is(applyRate(-1, 20), 0)).toBe(true);
    expect(applyRate(12345, 0)).toBe(0);
  });

  it('refuses impossible rates', () => {
    expect(() => applyRate(100, -1)).toThrow(RangeError);
    expect(() => applyRate(100, 101)).toThrow(RangeError);
    expect(() => applyRate(100, Number.NaN)).toThrow(RangeError);
  });

  it('matches exact rational rounding and is monotonic', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(0, 5, 8.1, 19, 20, 21, 22), (c, rate) => {
        const exactTimes2000 = BigInt(c) * BigInt(Math.round(rate * 10)) * 2n; // 2 * c * rate * 10
        const expected = Number((exactTimes2000 + 1000n) / 2000n);
        expect(applyRate(c, rate)).toBe(expected);
        expect(applyRate(c + 1, rate)).toBeGreaterThanOrEqual(applyRate(c, rate));
      }),
    );
  });

  it('writes rates as decimal strings', () => {
    expect(rateToDecimalString(20)).toBe('20.00');
    expect(rateToDecimalString(8.1)).toBe('8.10');
    expect(rateToDecimalString(0)).toBe('0.00');
  });
});
