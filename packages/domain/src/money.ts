import { CURRENCY, type Language } from './constants';

/**
 * Money is integer cents everywhere (never floats); it travels as a decimal string with
 * exactly two decimals ("49.00"), which the client converts (docs/product.md 'Prices and VAT'
 * ('Money rules')).
 */

/** Largest amount we handle: keeps every sum and product of cents an exact JS integer. */
export const MAX_CENTS = 100_000_000_000; // one billion euros

const DECIMAL_INPUT = /^(\d*)(?:\.(\d*))?$/;

/** The wire format of an amount: "0.00", "49.90", "1234.00" (up to ten digits before the point). */
export const DECIMAL_STRING = /^\d{1,10}\.\d{2}$/;

/**
 * Parses an amount into cents. Accepts a finite non-negative number or a plain decimal string
 * ("49", "49.9", "49.90", ".5", surrounding spaces allowed). Refuses signs, exponents, commas,
 * NaN, infinities, negatives and amounts above MAX_CENTS (null).
 * More than two decimals are rounded half-up to the cent ("49.995" -> 5000): a client may
 * parse prices as numbers, so an over-precise price is a rounding matter, not an error.
 */
export function parseMoneyToCents(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0 || input > MAX_CENTS / 100) return null;
    // toFixed(10) gives the decimal digits of the double without exponent notation, and the
    // string path below then rounds them like any other input (0.1 + 0.2 -> 30 cents).
    text = input.toFixed(10);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = DECIMAL_INPUT.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (whole.replace(/^0+/, '').length > 10) return null;
  const firstTwo = Number((fraction + '00').slice(0, 2));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const cents = Number(whole || '0') * 100 + firstTwo + roundUp;
  return cents <= MAX_CENTS ? cents : null;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`Not an integer amount of cents: ${cents}`);
}

/** 4900 -> "49.00"; negative amounts (refunds) keep their sign: -5 -> "-0.05". */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses the wire format; throws on anything else, since only trusted data should reach it. */
export function decimalStringToCents(value: string): number {
  const cents = parseMoneyToCents(value);
  if (cents === null) throw new RangeError(`Not a decimal amount: ${value}`);
  return cents;
}

const formatters: Record<Language, Intl.NumberFormat> = {
  // French formatting (docs/product.md 'Languages and texts'). Intl's fr-FR output is kept as is:
  // U+202F (narrow no-break space) groups thousands and U+00A0 precedes the euro sign, e.g.
  // "1\u202f234,00\u00a0€". These keep amounts on one line; tests spell the two characters out
  // explicitly.
  fr: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: CURRENCY }),
  // en-IE is an English locale that uses the euro natively: "€1,234.00".
  en: new Intl.NumberFormat('en-IE', { style: 'currency', currency: CURRENCY }),
};

export function formatMoney(cents: number, lang: Language): string {
  assertCents(cents);
  return formatters[lang].format(cents / 100);
}

/** Rates are percentages with at most 4 decimals (8.1, 7.7, 20). */
const RATE_SCALE = 10_000n;

function rateToScaled(ratePercent: number): bigint {
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || ratePercent > 100) {
    throw new RangeError(`Not a percentage: ${ratePercent}`);
  }
  return BigInt(Math.round(ratePercent * Number(RATE_SCALE)));
}

/**
 * `ratePercent` % of an amount, rounded half-up (half away from zero) to the cent. Computed
 * with integers so 8.1 % of any amount is exact before the single rounding.
 */
export function applyRate(cents: number, ratePercent: number): number {
  assertCents(cents);
  const scaledRate = rateToScaled(ratePercent);
  const denominator = 100n * RATE_SCALE;
  const abs = BigInt(Math.abs(cents)) * scaledRate;
  const rounded = (abs * 2n + denominator) / (2n * denominator);
  const result = Number(rounded);
  // 0 - result rather than -result: a tiny refund must round to 0, not to -0.
  return cents < 0 ? 0 - result : result;
}

/** 20 -> "20.00", 8.1 -> "8.10": the tax_rate of an order on the wire. */
export function rateToDecimalString(ratePercent: number): string {
  const hundredths = Number((rateToScaled(ratePercent) + 50n) / 100n);
  return centsToDecimalString(hundredths);
}
