import { z } from 'zod';
import { BILLING_CYCLES } from './billing-cycles';
import { LANGUAGES } from './constants';
import { COUNTRY_CODES } from './countries';
import { DECIMAL_STRING } from './money';

// Zod schemas of small wire values, kept apart from constants.ts, money.ts and
// billing-cycles.ts so that the site's first page can import those rules without shipping zod.

/** The wire format of an amount (money.ts's DECIMAL_STRING). */
export const DecimalStringSchema = z
  .string()
  .regex(DECIMAL_STRING, { error: 'validation.invalid' });

export const LanguageSchema = z.enum(LANGUAGES);

export const BillingCycleSchema = z.enum(BILLING_CYCLES, { error: 'validation.invalid' });

/**
 * A country code as a form or a payload gives it. Same messages as the ten-country schema of
 * vat.ts, so a form can move from one to the other without new texts. The code must be written
 * exactly (upper case, no spaces), as a select sends it.
 */
export const CountryCodeSchema = z.enum(COUNTRY_CODES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'country.required'
      : 'country.invalid',
});
