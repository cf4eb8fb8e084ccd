import { z } from 'zod';
import { BILLING_CYCLES } from './billing-cycles';
import { LANGUAGES } from './constants';

// Zod schemas of small wire values, kept apart from constants.ts, money.ts and
// billing-cycles.ts so that the site's first page can import those rules without shipping zod.

/** The wire format of an amount: "0.00", "49.90", "1234.00". */
export const DecimalStringSchema = z
  .string()
  .regex(/^\d{1,10}\.\d{2}$/, { error: 'validation.invalid' });

export const LanguageSchema = z.enum(LANGUAGES);

export const BillingCycleSchema = z.enum(BILLING_CYCLES, { error: 'validation.invalid' });
