import { COUNTRIES, COUNTRY_NAMES, VAT_RATES } from '@cadran/domain/vat';
import type { vatRates } from '../schema/catalog';

/**
 * The VAT table comes from the domain package (docs/product.md 'Prices and VAT', with Switzerland
 * at its 2024 standard rate of 8.1 %), converted from percent to basis points so 8.1 % is the exact
 * integer 810.
 */
export const VAT_SEED: readonly (typeof vatRates.$inferInsert)[] = COUNTRIES.map((country) => ({
  country,
  rateBasisPoints: Math.round(VAT_RATES[country] * 100),
  nameFr: COUNTRY_NAMES.fr[country],
  nameEn: COUNTRY_NAMES.en[country],
}));
