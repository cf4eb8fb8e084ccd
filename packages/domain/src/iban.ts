/**
 * Bank details of the transfer instructions. An IBAN is checked with its ISO 13616 mod-97
 * check digits when the server starts, so a typo in its bank settings stops it instead of
 * sending customers' money to a wrong account.
 */

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Spaces and dashes dropped, upper case: the electronic form of an IBAN or BIC. */
export const compactBankCode = (value: string): string =>
  value.replace(/[\s-]+/g, '').toUpperCase();

/** Remainder of a long digit string modulo 97, computed piecewise (it exceeds 2^53). */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  }
  return remainder;
}

/** Letters become 10..35, as ISO 13616 prescribes, after moving the first four characters last. */
const numeric = (rearranged: string): string =>
  [...rearranged].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');

export function isValidIban(value: string): boolean {
  const iban = compactBankCode(value);
  if (!IBAN_SHAPE.test(iban)) return false;
  return mod97(numeric(iban.slice(4) + iban.slice(0, 4))) === 1;
}

export const isValidBic = (value: string): boolean => BIC_SHAPE.test(compactBankCode(value));

/** "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189". */
export const formatIban = (value: string): string =>
  compactBankCode(value).replace(/(.{4})(?=.)/g, '$1 ');

/** The two check digits that make `country + ?? + bban` a valid IBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(numeric(`${bban}${country}00`.toUpperCase()));
  return String(98 - remainder).padStart(2, '0');
}
