import {
  isFrenchVatNumberOf,
  isValidSiren,
  frenchVatNumberOf,
} from '@cadran/domain/company-identifiers';
import type { SellerIdentity } from '@cadran/domain/invoice';
import { DEMO_PUBLISHER } from '@cadran/domain/legal-publisher';
import { SUPPORT_EMAIL } from '@cadran/domain/constants';
import { decimalStringToCents } from '@cadran/domain/money';
import { z } from 'zod';
import { booleanFlag, optionalText } from './env-fields';

/**
 * The seller printed on every invoice (docs/product.md 'Invoices' ('The seller')): French law
 * wants its name, legal form, share capital, address, SIREN with the RCS city and its VAT
 * number. Production refuses to start without them; elsewhere a fictitious company stands in.
 */
export const SellerEnvSchema = z.object({
  SELLER_NAME: optionalText.pipe(z.string().max(120).optional()),
  SELLER_LEGAL_FORM: optionalText.pipe(z.string().max(60).optional()),
  SELLER_SHARE_CAPITAL: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in euros, e.g. 10000 or 10000.50')
      .optional(),
  ),
  SELLER_ADDRESS: optionalText.pipe(z.string().max(255).optional()),
  SELLER_POSTAL_CODE: optionalText.pipe(z.string().max(20).optional()),
  SELLER_CITY: optionalText.pipe(z.string().max(100).optional()),
  SELLER_SIREN: optionalText.pipe(
    z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .refine(isValidSiren, 'must be a SIREN: 9 digits whose last is the Luhn check digit')
      .optional(),
  ),
  SELLER_RCS_CITY: optionalText.pipe(z.string().max(100).optional()),
  SELLER_VAT_NUMBER: optionalText.pipe(
    z
      .string()
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
      .optional(),
  ),
  /**
   * No longer read: the address on invoices is the support address (SUPPORT_EMAIL), the one
   * every e-mail and page gives. Kept in the schema only to refuse it by name.
   */
  SELLER_EMAIL: optionalText,
  /** The seller opted to pay VAT on debits (CGI art. 269-2-c): invoices must say so. */
  SELLER_VAT_ON_DEBITS: booleanFlag.optional(),
});
type SellerEnv = z.infer<typeof SellerEnvSchema>;

/**
 * The fictitious company of development and demo installs, the one the site's legal pages
 * name when no server setting says otherwise, so a demo invoice and the legal notice agree;
 * its SIREN passes the check.
 */
export const DEMO_SELLER: SellerIdentity = { ...DEMO_PUBLISHER, email: SUPPORT_EMAIL };

const REQUIRED: readonly (keyof SellerEnv)[] = [
  'SELLER_NAME',
  'SELLER_LEGAL_FORM',
  'SELLER_SHARE_CAPITAL',
  'SELLER_ADDRESS',
  'SELLER_POSTAL_CODE',
  'SELLER_CITY',
  'SELLER_SIREN',
  'SELLER_RCS_CITY',
  'SELLER_VAT_NUMBER',
];

export type SellerSettings =
  { ok: true; seller: SellerIdentity } | { ok: false; problems: string[] };

/**
 * The seller from the parsed environment. In production every variable is required; elsewhere
 * each missing one takes the demo company's value (the VAT number then follows the SIREN). Its
 * e-mail address is `supportEmail`, the SUPPORT_EMAIL setting: a buyer reads one address to
 * write to on the invoice, in every e-mail and on the site.
 */
export function sellerSettings(
  e: SellerEnv,
  isProduction: boolean,
  supportEmail: string,
): SellerSettings {
  const problems: string[] = [];
  if (e.SELLER_EMAIL) {
    problems.push(
      'SELLER_EMAIL: no longer read; invoices print the support address, set SUPPORT_EMAIL instead',
    );
  }
  if (isProduction) {
    for (const name of REQUIRED) {
      if (!e[name]) {
        problems.push(
          `${name}: required in production (the seller's legal identity printed on every invoice)`,
        );
      }
    }
  }
  const siren = e.SELLER_SIREN ?? DEMO_SELLER.siren;
  const vatNumber = e.SELLER_VAT_NUMBER ?? frenchVatNumberOf(siren);
  if (!isFrenchVatNumberOf(vatNumber, siren)) {
    problems.push(
      `SELLER_VAT_NUMBER: must be the French VAT number of SELLER_SIREN (${frenchVatNumberOf(siren)})`,
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    seller: {
      name: e.SELLER_NAME ?? DEMO_SELLER.name,
      legalForm: e.SELLER_LEGAL_FORM ?? DEMO_SELLER.legalForm,
      shareCapitalCents: e.SELLER_SHARE_CAPITAL
        ? decimalStringToCents(e.SELLER_SHARE_CAPITAL)
        : DEMO_SELLER.shareCapitalCents,
      addressLines: e.SELLER_ADDRESS ? [e.SELLER_ADDRESS] : DEMO_SELLER.addressLines,
      postalCode: e.SELLER_POSTAL_CODE ?? DEMO_SELLER.postalCode,
      city: e.SELLER_CITY ?? DEMO_SELLER.city,
      country: 'FR',
      siren,
      rcsCity: e.SELLER_RCS_CITY ?? DEMO_SELLER.rcsCity,
      vatNumber,
      email: supportEmail,
      ...(e.SELLER_VAT_ON_DEBITS ? { vatOnDebits: true } : {}),
    },
  };
}
