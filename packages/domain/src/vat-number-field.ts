import type { z } from 'zod';
import type { CountryCode } from './countries';
import { optionalText, whenFieldsParsed } from './fields';
import { VAT_NUMBER_ERROR_KEYS, VAT_NUMBER_INPUT_MAX, checkVatNumber } from './vat-number';

/** The field as typed: optional, bounded; `withCheckedVatNumber` checks it against the country. */
export const vatNumberField = () => optionalText(VAT_NUMBER_INPUT_MAX, 'vat_number.invalid_format');

/** An object that carries a VAT number beside the country it must belong to. */
interface WithVatNumber {
  country: CountryCode;
  vat_number: string;
}

/**
 * Adds the VAT number's check to an object schema with `country` and `vat_number` (the billing
 * address, the quote request): a number, when given, must be a valid EU number (format and
 * check digits) of that country's register, and comes out normalised ("EL094259216"). It runs
 * whenever the country and the number are readable, so its error shows together with any other
 * field's (docs/decisions/013-tax-treatment-and-promo-rules.md).
 */
export function withCheckedVatNumber<S extends z.ZodType<WithVatNumber>>(schema: S) {
  return schema
    .superRefine(
      (value, ctx) => {
        if (value.vat_number === '') return;
        const check = checkVatNumber(value.vat_number, value.country);
        if (!check.valid) {
          ctx.addIssue({
            code: 'custom',
            message: VAT_NUMBER_ERROR_KEYS[check.reason],
            input: value.vat_number,
            path: ['vat_number'],
          });
        }
      },
      { when: whenFieldsParsed(['country', 'vat_number']) },
    )
    .transform((value): z.output<S> => {
      if (value.vat_number === '') return value;
      const check = checkVatNumber(value.vat_number, value.country);
      return check.valid ? { ...value, vat_number: check.normalized } : value;
    });
}
