import * as AT from 'stdnum/lib/cjs/at/uid.js';
import * as BE from 'stdnum/lib/cjs/be/vat.js';
import * as BG from 'stdnum/lib/cjs/bg/vat.js';
import * as CY from 'stdnum/lib/cjs/cy/vat.js';
import * as CZ from 'stdnum/lib/cjs/cz/dic.js';
import * as DE from 'stdnum/lib/cjs/de/vat.js';
import * as DK from 'stdnum/lib/cjs/dk/cvr.js';
import * as EE from 'stdnum/lib/cjs/ee/kmkr.js';
import * as ES from 'stdnum/lib/cjs/es/nif.js';
import * as FI from 'stdnum/lib/cjs/fi/alv.js';
import * as FR from 'stdnum/lib/cjs/fr/tva.js';
import * as GR from 'stdnum/lib/cjs/gr/vat.js';
import * as HR from 'stdnum/lib/cjs/hr/oib.js';
import * as HU from 'stdnum/lib/cjs/hu/anum.js';
import * as IE from 'stdnum/lib/cjs/ie/vat.js';
import * as IT from 'stdnum/lib/cjs/it/iva.js';
import * as LT from 'stdnum/lib/cjs/lt/pvm.js';
import * as LU from 'stdnum/lib/cjs/lu/tva.js';
import * as LV from 'stdnum/lib/cjs/lv/pvn.js';
import * as MT from 'stdnum/lib/cjs/mt/vat.js';
import * as NL from 'stdnum/lib/cjs/nl/btw.js';
import * as PL from 'stdnum/lib/cjs/pl/nip.js';
import * as PT from 'stdnum/lib/cjs/pt/nif.js';
import * as RO from 'stdnum/lib/cjs/ro/cif.js';
import * as SE from 'stdnum/lib/cjs/se/vat.js';
import * as SI from 'stdnum/lib/cjs/si/ddv.js';
import * as SK from 'stdnum/lib/cjs/sk/dph.js';
import { z } from 'zod';
import {
  EU_MEMBER_STATES,
  isCountryCode,
  isEuCountry,
  type CountryCode,
  type EuCountry,
} from './countries';
import type { MessageKey } from './messages';

/*
 * EU VAT numbers checked offline: format and check digits per member state. The check digits
 * come from stdnum (docs/decisions/013-tax-treatment-and-promo-rules.md), one module per
 * country imported by its own path: the package's entry point would bring every identifier of
 * ninety countries into the checkout page (about 50 kB gzip against 10 kB). The CommonJS build
 * is the one Node, Vite and esbuild all read at such a path; its ES build uses import paths
 * without extensions that Node refuses.
 */

interface CheckResult {
  isValid: boolean;
  compact?: string;
  error?: { name: string };
}

/** The VAT number validator of each member state (what VIES checks, offline). */
const VALIDATORS: Readonly<Record<EuCountry, (value: string) => CheckResult>> = {
  AT: AT.validate,
  BE: BE.validate,
  BG: BG.validate,
  CY: CY.validate,
  CZ: CZ.validate,
  DE: DE.validate,
  DK: DK.validate,
  EE: EE.validate,
  ES: ES.validate,
  FI: FI.validate,
  FR: FR.validate,
  GR: GR.validate,
  HR: HR.validate,
  HU: HU.validate,
  IE: IE.validate,
  IT: IT.validate,
  LT: LT.validate,
  LU: LU.validate,
  LV: LV.validate,
  MT: MT.validate,
  NL: NL.validate,
  PL: PL.validate,
  PT: PT.validate,
  RO: RO.validate,
  SE: SE.validate,
  SI: SI.validate,
  SK: SK.validate,
};

/** The prefix of a member state's VAT numbers: its ISO code, except Greece, which uses EL. */
export const vatPrefixOf = (country: EuCountry): string => (country === 'GR' ? 'EL' : country);

/** Prefix read from a typed number -> member state. GR is accepted for Greece as people type it. */
const COUNTRY_OF_PREFIX: ReadonlyMap<string, EuCountry> = new Map<string, EuCountry>([
  ...EU_MEMBER_STATES.map((country) => [vatPrefixOf(country), country] as const),
  ['GR', 'GR'],
]);

/**
 * Billing countries whose businesses hold another country's VAT numbers: Monaco and the French
 * overseas departments and Saint-Martin are registered in the French VAT register (FR numbers),
 * Åland in the Finnish one (FI). For these, an FR (or FI) number is not a country mismatch.
 */
const VAT_REGISTER_OF: Readonly<Partial<Record<CountryCode, EuCountry>>> = {
  MC: 'FR',
  GP: 'FR',
  MQ: 'FR',
  GF: 'FR',
  RE: 'FR',
  YT: 'FR',
  MF: 'FR',
  AX: 'FI',
};

/** The VAT register a business billed in `country` belongs to; null when not an EU one. */
export function vatRegisterOf(country: CountryCode): EuCountry | null {
  const register = VAT_REGISTER_OF[country] ?? country;
  return isEuCountry(register) ? register : null;
}

/** What a person types is bounded like the billing address's field. */
export const VAT_NUMBER_INPUT_MAX = 40;

/** Separators people type: spaces of any kind, dots, hyphens and the Unicode dashes. */
const SEPARATORS = /[\s.\-\u2010-\u2015\u2212]/g;
/** What is left must be letters and digits ('+' and '*' appear in old Irish numbers). */
const COMPACT_PATTERN = /^[A-Z0-9+*]+$/;

/** "fr 40-303.265 045" -> "FR40303265045": no separators, upper case. */
export const compactVatNumber = (input: string): string =>
  input.replace(SEPARATORS, '').toUpperCase();

export const VAT_NUMBER_REASONS = ['format', 'checksum', 'country_mismatch', 'not_eu'] as const;
export type VatNumberReason = (typeof VAT_NUMBER_REASONS)[number];

export type VatNumberCheck =
  | { valid: true; country: EuCountry; normalized: string }
  | { valid: false; reason: VatNumberReason };

/** The message of each refusal, for the field that holds the number. */
export const VAT_NUMBER_ERROR_KEYS: Readonly<Record<VatNumberReason, MessageKey>> = {
  format: 'vat_number.invalid_format',
  checksum: 'vat_number.invalid_checksum',
  country_mismatch: 'vat_number.country_mismatch',
  not_eu: 'vat_number.not_eu',
};

/**
 * Checks an EU VAT number offline (format and check digits), the way VIES would before looking
 * the number up. `normalized` is the form VIES and invoices use: prefix then the national
 * number, without separators ("EL094259216", "BE0403019261").
 *
 * - The prefix is the first two characters when they are letters naming a country (or EL);
 *   a number typed without one takes the billing country's register (FR for Monaco).
 * - A prefix outside the EU (GB, XI for Northern Ireland, CH, NO...) is `not_eu`: the store's
 *   reverse charge is for EU businesses only. So is a number without prefix billed outside.
 * - A valid number of another member state than the billing country's is `country_mismatch`:
 *   reverse charge needs the buyer to be established where its number was issued.
 */
export function checkVatNumber(input: string, billingCountry?: CountryCode | null): VatNumberCheck {
  const compact = compactVatNumber(input);
  if (compact === '' || input.length > VAT_NUMBER_INPUT_MAX || !COMPACT_PATTERN.test(compact)) {
    return { valid: false, reason: 'format' };
  }
  const register = billingCountry ? vatRegisterOf(billingCountry) : null;

  let country: EuCountry;
  let national: string;
  const head = compact.slice(0, 2);
  const hasPrefix =
    /^[A-Z]{2}$/.test(head) &&
    (COUNTRY_OF_PREFIX.has(head) || isCountryCode(head) || head === 'XI');
  if (hasPrefix) {
    const prefixed = COUNTRY_OF_PREFIX.get(head);
    if (!prefixed) return { valid: false, reason: 'not_eu' };
    country = prefixed;
    national = compact.slice(2);
  } else {
    if (!billingCountry) return { valid: false, reason: 'format' };
    if (!register) return { valid: false, reason: 'not_eu' };
    country = register;
    national = compact;
  }
  if (national === '') return { valid: false, reason: 'format' };

  const result = VALIDATORS[country](national);
  if (!result.isValid || result.compact === undefined) {
    return {
      valid: false,
      reason: result.error?.name === 'InvalidChecksum' ? 'checksum' : 'format',
    };
  }
  if (billingCountry && register !== country) return { valid: false, reason: 'country_mismatch' };
  return { valid: true, country, normalized: `${vatPrefixOf(country)}${result.compact}` };
}

/**
 * What the server records about a VAT number after asking VIES, the EU's register service:
 * - `verified`: VIES answered that the number is registered;
 * - `format_checked`: VIES could not be reached; the number passed checkVatNumber only
 *   ("format checked, not verified"), to be asked again later;
 * - `invalid`: VIES answered that the number is not registered.
 */
export const VIES_STATUSES = ['verified', 'format_checked', 'invalid'] as const;
export type ViesStatus = (typeof VIES_STATUSES)[number];
export const ViesStatusSchema = z.enum(VIES_STATUSES);

/** The label of each status, for the order page and the back office. */
export const VIES_STATUS_KEYS: Readonly<Record<ViesStatus, MessageKey>> = {
  verified: 'vat_number.status.verified',
  format_checked: 'vat_number.status.format_checked',
  invalid: 'vat_number.status.invalid',
};

/**
 * One check of one number as recorded: the normalised number, its member state, the status,
 * when it was asked, and the consultation number VIES gives as proof of the check, when it
 * gave one (kept with the order, since it is what shows the number was checked at the sale).
 */
export const VatNumberVerificationSchema = z.object({
  vat_number: z.string().min(3).max(VAT_NUMBER_INPUT_MAX),
  country: z.enum(EU_MEMBER_STATES),
  status: ViesStatusSchema,
  checked_at: z.iso.datetime({ offset: true }),
  consultation_number: z.string().max(100).optional(),
});
export type VatNumberVerification = z.infer<typeof VatNumberVerificationSchema>;
