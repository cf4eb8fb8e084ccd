import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_NAMES,
  CountrySchema,
  computeTax,
  countryName,
  isCountry,
  vatRateFor,
} from './vat';

describe('VAT table', () => {
  it.each([
    ['FR', 20, 2000],
    ['BE', 21, 2100],
    ['CH', 8.1, 810],
    ['CA', 5, 500],
    ['US', 0, 0],
    ['GB', 20, 2000],
    ['DE', 19, 1900],
    ['ES', 21, 2100],
    ['IT', 22, 2200],
    ['NL', 21, 2100],
  ] as const)('%s is taxed at %d %%', (country, rate, taxOn100Euros) => {
    expect(vatRateFor(country)).toBe(rate);
    expect(computeTax(10000, country)).toBe(taxOn100Euros);
    expect(CountrySchema.parse(country)).toBe(country);
  });

  it('offers exactly the ten countries of the VAT table', () => {
    expect([...COUNTRIES].sort()).toEqual([
      'BE',
      'CA',
      'CH',
      'DE',
      'ES',
      'FR',
      'GB',
      'IT',
      'NL',
      'US',
    ]);
  });

  it('refuses any other country instead of taxing it at 0', () => {
    for (const input of ['XX', 'fr', 'AT', ' FR', '', null, 42]) {
      expect(CountrySchema.safeParse(input).success).toBe(false);
      expect(isCountry(input)).toBe(false);
    }
    expect(CountrySchema.safeParse('').error?.issues[0]?.message).toBe('country.required');
    expect(CountrySchema.safeParse('AT').error?.issues[0]?.message).toBe('country.invalid');
  });

  it('rounds Swiss tax half-up to the cent', () => {
    expect(computeTax(4990, 'CH')).toBe(404); // 404.19
    expect(computeTax(1850, 'CH')).toBe(150); // 149.85
  });

  it('names every country in both languages', () => {
    for (const country of COUNTRIES) {
      expect(COUNTRY_NAMES.fr[country]).toBeTruthy();
      expect(COUNTRY_NAMES.en[country]).toBeTruthy();
    }
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
  });

  it('never taxes more than the subtotal nor less than zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom(...COUNTRIES),
        (subtotal, country) => {
          const tax = computeTax(subtotal, country);
          expect(Number.isSafeInteger(tax)).toBe(true);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(tax).toBeLessThanOrEqual(subtotal);
        },
      ),
    );
  });
});
