import { compactBankCode, isValidIban } from './iban';

/**
 * The payment sandbox's test methods (docs/payments.md 'Saved payment methods'): the numbers
 * everyone knows from Stripe's test mode, and what each does when a renewal charges it later.
 * The first payment, made by the buyer on the sandbox page, succeeds with all but the failing
 * ones.
 */

/** What a saved method does when it is charged without its owner (a renewal). */
export type SandboxChargeBehaviour = 'succeeds' | 'declines' | 'requires_action';

export interface SandboxMethodFacts {
  type: 'card' | 'sepa_debit';
  /** The first payment, on the sandbox page: only a failing method fails it. */
  firstPayment: 'succeeds' | 'fails';
  later: SandboxChargeBehaviour;
}

export const SANDBOX_DEFAULT_CARD = '4242424242424242';

const KNOWN: Readonly<Record<string, SandboxMethodFacts>> = {
  '4242424242424242': { type: 'card', firstPayment: 'succeeds', later: 'succeeds' },
  '4000000000000341': { type: 'card', firstPayment: 'succeeds', later: 'declines' },
  '4000002500003155': { type: 'card', firstPayment: 'succeeds', later: 'requires_action' },
  '4000000000000002': { type: 'card', firstPayment: 'fails', later: 'declines' },
  DE89370400440532013000: { type: 'sepa_debit', firstPayment: 'succeeds', later: 'succeeds' },
  AT861904300235473201: { type: 'sepa_debit', firstPayment: 'fails', later: 'declines' },
};

/** Digits only, as typed with spaces or dashes. */
export const compactCardNumber = (value: string): string => value.replace(/[\s-]+/g, '');

/** The Luhn check every card number carries. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A test card's behaviour; any other valid number behaves like the always-succeeding card. */
export function sandboxCard(number: string): SandboxMethodFacts | null {
  const digits = compactCardNumber(number);
  if (!isLuhnValid(digits)) return null;
  return KNOWN[digits] ?? { type: 'card', firstPayment: 'succeeds', later: 'succeeds' };
}

/** A test IBAN's behaviour; any other valid IBAN succeeds. */
export function sandboxIban(iban: string): SandboxMethodFacts | null {
  const compact = compactBankCode(iban);
  // The test IBANs are taken as they are written, check digits or not.
  const known = KNOWN[compact];
  if (known?.type === 'sepa_debit') return known;
  if (!isValidIban(compact)) return null;
  return { type: 'sepa_debit', firstPayment: 'succeeds', later: 'succeeds' };
}

/** The brand a card number announces (its first digits), for the label. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** How a saved method is named to its owner: brand and last four digits, or IBAN end. */
export const cardLabel = (brand: string, last4: string): string => `${brand} •••• ${last4}`;
export const ibanLabel = (iban: string): string =>
  `SEPA ${compactBankCode(iban).slice(0, 2)} •••• ${compactBankCode(iban).slice(-4)}`;
