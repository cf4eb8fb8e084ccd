import { z } from 'zod';
import type { Language } from './constants';
import { applyRate } from './money';

/**
 * The ten countries offered at registration and checkout, in the order of
 * docs/product.md 'Prices and VAT' ('Which VAT').
 */
export const COUNTRIES = ['FR', 'BE', 'CH', 'CA', 'US', 'GB', 'DE', 'ES', 'IT', 'NL'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'FR';

/**
 * Only these ten are accepted. Taxing an unknown country at 0 % while showing 20 % would charge
 * another rate than the one shown; refusing the country means the rate shown is always the rate
 * charged.
 */
export const CountrySchema = z.enum(COUNTRIES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'country.required'
      : 'country.invalid',
});

export const isCountry = (value: unknown): value is Country =>
  typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);

/**
 * VAT in percent applied to the subtotal at checkout (docs/product.md 'Prices and VAT'
 * ('Which VAT')). Switzerland is 8.1, not 7.7: the Swiss standard rate rose to 8.1 % on
 * 1 January 2024.
 */
export const VAT_RATES: Readonly<Record<Country, number>> = {
  FR: 20,
  BE: 21,
  CH: 8.1,
  CA: 5,
  US: 0,
  GB: 20,
  DE: 19,
  ES: 21,
  IT: 22,
  NL: 21,
};

export const vatRateFor = (country: Country): number => VAT_RATES[country];

/** Tax on a subtotal for a country, rounded half-up to the cent. */
export const computeTax = (subtotalCents: number, country: Country): number =>
  applyRate(subtotalCents, vatRateFor(country));

export const COUNTRY_NAMES: Readonly<Record<Language, Readonly<Record<Country, string>>>> = {
  fr: {
    FR: 'France',
    BE: 'Belgique',
    CH: 'Suisse',
    CA: 'Canada',
    US: 'États-Unis',
    GB: 'Royaume-Uni',
    DE: 'Allemagne',
    ES: 'Espagne',
    IT: 'Italie',
    NL: 'Pays-Bas',
  },
  en: {
    FR: 'France',
    BE: 'Belgium',
    CH: 'Switzerland',
    CA: 'Canada',
    US: 'United States',
    GB: 'United Kingdom',
    DE: 'Germany',
    ES: 'Spain',
    IT: 'Italy',
    NL: 'Netherlands',
  },
};

export const countryName = (country: Country, lang: Language): string =>
  COUNTRY_NAMES[lang][country];
