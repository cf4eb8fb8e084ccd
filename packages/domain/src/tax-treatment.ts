import { isEuCountry, type CountryCode, type EuCountry } from './countries';
import type { MessageKey } from './messages';
import type { ViesStatus } from './vat-number';

/*
 * Which VAT a sale bears (docs/decisions/013-tax-treatment-and-promo-rules.md). The seller is
 * established in France and sells licences delivered online, which EU law treats as
 * electronically supplied services:
 * - buyer in France: French VAT, whoever the buyer is;
 * - business in another member state, with a VAT number of that state that VIES confirmed:
 *   no VAT, the buyer accounts for it (reverse charge, Directive 2006/112/EC art. 196, place of
 *   supply art. 44);
 * - consumer in another member state: the VAT of the buyer's state (art. 58), declared
 *   through the One-Stop Shop;
 * - buyer outside the EU: no French VAT (French General Tax Code art. 259-1 and 259 B).
 */

export const SELLER_COUNTRY = 'FR' as const satisfies EuCountry;

/**
 * Buyers billed in these countries pay French VAT: Monaco is part of the French VAT territory
 * (the Franco-Monegasque convention; Monaco businesses hold FR numbers).
 */
const FRENCH_VAT_TERRITORY: ReadonlySet<CountryCode> = new Set<CountryCode>(['FR', 'MC']);

/**
 * Standard VAT rates of the member states, in basis points (2000 = 20 %). Source: the
 * European Commission's table "VAT rates applied in the Member States of the European Union"
 * (Taxes in Europe Database), rates in force on 1 January 2026, recorded November 2026. The
 * changes of the two years before: Finland 25.5 % (1 September 2024), Slovakia 23 % (1 January
 * 2025), Estonia 24 % (1 July 2025), Romania 21 % (1 August 2025). Licences are taxed at the
 * standard rate everywhere: no member state applies a reduced rate to software licences.
 */
export const EU_STANDARD_VAT_RATES: Readonly<Record<EuCountry, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export const TAX_KINDS = ['domestic', 'eu_consumer', 'reverse_charge', 'export'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/**
 * How a sale's VAT number was checked: VIES (or staff) confirmed it, only its format (VIES could
 * not answer; checked again later), VIES or staff rejected it afterwards, or none given.
 */
export const ORDER_VAT_NUMBER_STATUSES = [
  'verified',
  'format_checked',
  'rejected',
  'none',
] as const;
export type OrderVatNumberStatus = (typeof ORDER_VAT_NUMBER_STATUSES)[number];

export interface TaxTreatment {
  /** The rate applied to the taxable amount, in basis points (2000 = 20 %). */
  rateBasisPoints: number;
  /** True when the buyer accounts for the VAT: the invoice shows none and says why. */
  reverseCharge: boolean;
  kind: TaxKind;
  /** The legal mention the invoice must carry when it shows no VAT. */
  mention?: MessageKey;
}

/** The VAT number a buyer gave, once checked: its member state and the register's answer. */
export interface CheckedVatNumber {
  country: EuCountry;
  status: ViesStatus;
}

export interface TaxBuyer {
  /** The billing address's country. */
  country: CountryCode;
  vatNumber?: CheckedVatNumber | null;
}

/**
 * Register answers under which a VAT number earns the reverse charge: `verified` only. EU law
 * lets the seller treat a buyer as a business once it has the buyer's number and has obtained
 * confirmation that the number is valid (Implementing Regulation (EU) No 282/2011, art. 18);
 * an offline check of the check digits (`format_checked`, VIES unreachable) is no such
 * confirmation. That sale is taxed as a consumer's; if VIES confirms the number later, a
 * credit note gives the VAT back.
 */
export const REVERSE_CHARGE_STATUSES: readonly ViesStatus[] = ['verified'];

export const REVERSE_CHARGE_MENTION: MessageKey = 'tax.mention.reverse_charge';
export const EXPORT_MENTION: MessageKey = 'tax.mention.export';

/** Decides the VAT of a sale from the buyer's billing country and checked VAT number. */
export function decideTaxTreatment(buyer: TaxBuyer): TaxTreatment {
  const { country, vatNumber } = buyer;
  if (FRENCH_VAT_TERRITORY.has(country)) {
    return {
      rateBasisPoints: EU_STANDARD_VAT_RATES[SELLER_COUNTRY],
      reverseCharge: false,
      kind: 'domestic',
    };
  }
  if (!isEuCountry(country)) {
    return { rateBasisPoints: 0, reverseCharge: false, kind: 'export', mention: EXPORT_MENTION };
  }
  // A number of another member state than the billing one proves no establishment there.
  if (
    vatNumber &&
    vatNumber.country === country &&
    REVERSE_CHARGE_STATUSES.includes(vatNumber.status)
  ) {
    return {
      rateBasisPoints: 0,
      reverseCharge: true,
      kind: 'reverse_charge',
      mention: REVERSE_CHARGE_MENTION,
    };
  }
  return {
    rateBasisPoints: EU_STANDARD_VAT_RATES[country],
    reverseCharge: false,
    kind: 'eu_consumer',
  };
}
