/**
 * French company identifiers printed on invoices (docs/product.md 'Invoices'): the SIREN
 * (9 digits, the last a Luhn check digit) and the intra-community VAT number derived from it
 * (FR, a two-digit key, the SIREN; key = (12 + 3 × (SIREN mod 97)) mod 97).
 */

const compact = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/** Luhn check over the 9 digits of a SIREN. */
export function isValidSiren(value: string): boolean {
  const digits = compact(value);
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) {
    let digit = Number(digits[8 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The FR VAT key of a SIREN, two digits. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(compact(siren)) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** The intra-community VAT number of a French company: FR + key + SIREN. */
export const frenchVatNumberOf = (siren: string): string =>
  `FR${frenchVatKey(siren)}${compact(siren)}`;

/** A French VAT number whose key matches the SIREN it carries, and that SIREN is valid. */
export function isFrenchVatNumberOf(vatNumber: string, siren: string): boolean {
  const normalised = compact(vatNumber);
  return isValidSiren(siren) && normalised === frenchVatNumberOf(siren);
}

/** "912345675" -> "912 345 675", the way a SIREN is printed. */
export const formatSiren = (siren: string): string =>
  compact(siren).replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** "FR07912480324" -> "FR07 912 480 324", the way a French VAT number is printed; any other as is. */
export const formatFrenchVatNumber = (vatNumber: string): string =>
  compact(vatNumber).replace(/^(FR[0-9A-Z]{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
