import type { z } from 'zod';
import { frenchVatNumberOf, isValidSiren } from './company-identifiers';
import type { CountryCode } from './countries';
import { optionalText, whenFieldsParsed } from './fields';
import type { MessageKey } from './messages';

/**
 * The buyer's SIREN (docs/product.md 'Checkout' ('The form')): the e-invoicing reform has a
 * French business buyer's invoice carry it. Optional; when given, 9 digits whose last is the
 * Luhn check digit, for a company billed in France or its overseas territories, and the SIREN
 * inside its French VAT number when it gave one too.
 */

/** Spaces and dots allowed as typed ("732 829 320"), 9 digits kept. */
export const sirenField = () =>
  optionalText(20, 'billing.siren.invalid').transform((value) => value.replace(/[\s.]/g, ''));

/** Where companies are in the French register (ISO 3166-1 codes of France and its territories). */
const SIREN_COUNTRIES: ReadonlySet<string> = new Set([
  'FR',
  'GP',
  'MQ',
  'GF',
  'RE',
  'YT',
  'PM',
  'BL',
  'MF',
  'NC',
  'PF',
  'WF',
]);

/** The message that refuses a SIREN beside that country and VAT number, or null when fine. */
export function sirenProblem(siren: string, country: string, vatNumber: string): MessageKey | null {
  if (siren === '') return null;
  const digits = siren.replace(/[\s.]/g, '');
  if (!isValidSiren(digits)) return 'billing.siren.invalid';
  if (!SIREN_COUNTRIES.has(country)) return 'billing.siren.french_only';
  const vat = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  if (vat.startsWith('FR') && vat !== frenchVatNumberOf(digits))
    return 'billing.siren.vat_mismatch';
  return null;
}

interface WithSiren {
  country: CountryCode;
  vat_number: string;
  siren: string;
}

/**
 * Adds the SIREN's check to an object schema carrying it beside the country and VAT number;
 * a refinement only, so the VAT number's check can follow it.
 */
export function withCheckedSiren<S extends z.ZodType<WithSiren>>(schema: S) {
  return schema.superRefine(
    (value, ctx) => {
      const problem = sirenProblem(value.siren, value.country, value.vat_number);
      if (problem)
        ctx.addIssue({ code: 'custom', message: problem, input: value.siren, path: ['siren'] });
    },
    { when: whenFieldsParsed(['country', 'vat_number', 'siren']) },
  );
}
