import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  EU_MEMBER_STATES,
  countriesForDisplay,
  countryDisplayName,
  isCountryCode,
  isEuCountry,
} from './countries';
import { COUNTRIES } from './vat';
import { CountryCodeSchema } from './wire-schemas';

describe('country codes', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes once each, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('includes the ten countries sold today and codes added since 2010', () => {
    for (const code of [...COUNTRIES, 'SS', 'BQ', 'CW', 'SX', 'AX', 'RE', 'MC', 'VA', 'AQ']) {
      expect(isCountryCode(code)).toBe(true);
    }
  });

  it('leaves out codes ISO has not assigned or has withdrawn', () => {
    // XK (Kosovo) and AC (Ascension) are user-assigned or reserved; AN and YU were withdrawn;
    // EL and XI are VAT prefixes, not countries; UK is reserved, GB is the code.
    for (const code of ['XK', 'AC', 'AN', 'YU', 'EL', 'XI', 'UK', 'EU', 'ZZ', 'fr', ' FR', '']) {
      expect(isCountryCode(code)).toBe(false);
    }
    expect(isCountryCode(null)).toBe(false);
    expect(isCountryCode(33)).toBe(false);
  });

  it('names every code in French and English, each name once', () => {
    for (const lang of ['fr', 'en'] as const) {
      const names = COUNTRY_CODES.map((code) => countryDisplayName(code, lang));
      for (const [index, name] of names.entries()) {
        expect(name, COUNTRY_CODES[index]).not.toBe(COUNTRY_CODES[index]);
        expect(name.trim()).not.toBe('');
      }
      expect(new Set(names).size).toBe(COUNTRY_CODES.length);
    }
  });

  it('gives the names the site already shows for the ten countries', () => {
    expect(countryDisplayName('DE', 'fr')).toBe('Allemagne');
    expect(countryDisplayName('DE', 'en')).toBe('Germany');
    expect(countryDisplayName('US', 'fr')).toBe('États-Unis');
    expect(countryDisplayName('GB', 'en')).toBe('United Kingdom');
    expect(countryDisplayName('NL', 'fr')).toBe('Pays-Bas');
  });
});

describe('EU member states', () => {
  it('are the 27 member states of 2026', () => {
    expect([...EU_MEMBER_STATES].sort()).toEqual(
      [
        ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU'],
        ...['IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
      ].sort(),
    );
    for (const code of EU_MEMBER_STATES) expect(isCountryCode(code)).toBe(true);
  });

  it('exclude former members, neighbours and territories outside the EU VAT area', () => {
    for (const code of ['GB', 'CH', 'NO', 'IS', 'LI', 'MC', 'AD', 'SM', 'VA', 'AX', 'GP', 'RE']) {
      expect(isEuCountry(code)).toBe(false);
    }
    expect(isEuCountry('EL')).toBe(false);
    expect(isEuCountry('fr')).toBe(false);
  });

  it('are a subset of the country codes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRY_CODES), (code) => {
        expect(isEuCountry(code)).toBe((EU_MEMBER_STATES as readonly string[]).includes(code));
      }),
    );
  });
});

describe('CountryCodeSchema', () => {
  it('accepts every code', () => {
    for (const code of COUNTRY_CODES) expect(CountryCodeSchema.parse(code)).toBe(code);
  });

  it('answers required for an empty value and invalid for anything else', () => {
    for (const input of ['', null, undefined]) {
      expect(CountryCodeSchema.safeParse(input).error?.issues[0]?.message).toBe('country.required');
    }
    for (const input of ['XK', 'fr', 'FRA', ' FR', 42, {}]) {
      expect(CountryCodeSchema.safeParse(input).error?.issues[0]?.message).toBe('country.invalid');
    }
  });

  it('accepts exactly what isCountryCode accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...COUNTRY_CODES), fc.string({ maxLength: 3 })),
        (input) => {
          expect(CountryCodeSchema.safeParse(input).success).toBe(isCountryCode(input));
        },
      ),
    );
  });
});

describe('countriesForDisplay', () => {
  it('lists every code once, with its name', () => {
    for (const lang of ['fr', 'en'] as const) {
      const list = countriesForDisplay(lang);
      expect(list.map((option) => option.code).sort()).toEqual([...COUNTRY_CODES]);
      for (const option of list) expect(option.name).toBe(countryDisplayName(option.code, lang));
    }
  });

  it('sorts French names with French collation: accented letters among their base letter', () => {
    const names = countriesForDisplay('fr').map((option) => option.name);
    const at = (code: string) =>
      countriesForDisplay('fr').findIndex((option) => option.code === code);
    // Émirats, Équateur, Égypte sort with the E, between Danemark and Finlande.
    for (const code of ['AE', 'EC', 'EG', 'US']) {
      expect(at(code)).toBeGreaterThan(at('DK'));
      expect(at(code)).toBeLessThan(at('FI'));
    }
    expect(at('AE')).toBeLessThan(at('ES')); // Émirats before Espagne
    expect(names[0]).toBe('Afghanistan');
    const collator = new Intl.Collator('fr');
    for (let i = 1; i < names.length; i += 1) {
      expect(collator.compare(names[i - 1]!, names[i]!)).toBeLessThanOrEqual(0);
    }
  });

  it('sorts English names in English', () => {
    const list = countriesForDisplay('en');
    const at = (code: string) => list.findIndex((option) => option.code === code);
    expect(at('AX')).toBeLessThan(at('AL')); // Åland Islands among the A, before Albania
    expect(at('GB')).toBeLessThan(at('US'));
    expect(at('US')).toBeLessThan(at('UY'));
  });

  it('hands the same frozen list to every caller', () => {
    expect(countriesForDisplay('fr')).toBe(countriesForDisplay('fr'));
    expect(Object.isFrozen(countriesForDisplay('en'))).toBe(true);
  });
});
