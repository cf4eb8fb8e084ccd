import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EU_MEMBER_STATES, isEuCountry } from './countries';
import { translateMessage } from './messages';
import {
  EU_STANDARD_VAT_RATES,
  REVERSE_CHARGE_STATUSES,
  decideTaxTreatment,
  type CheckedVatNumber,
} from './tax-treatment';
import { VAT_RATES } from './vat';
import { VIES_STATUSES } from './vat-number';

const verified = (country: CheckedVatNumber['country']): CheckedVatNumber => ({
  country,
  status: 'verified',
});

describe('decideTaxTreatment', () => {
  it('charges French VAT to any buyer in France, VAT number or not', () => {
    const domestic = { rateBasisPoints: 2000, reverseCharge: false, kind: 'domestic' };
    expect(decideTaxTreatment({ country: 'FR' })).toEqual(domestic);
    expect(decideTaxTreatment({ country: 'FR', vatNumber: verified('FR') })).toEqual(domestic);
    // Monaco belongs to the French VAT territory.
    expect(decideTaxTreatment({ country: 'MC', vatNumber: verified('FR') })).toEqual(domestic);
  });

  it('applies the reverse charge to a business of another member state with its own number', () => {
    expect(decideTaxTreatment({ country: 'DE', vatNumber: verified('DE') })).toEqual({
      rateBasisPoints: 0,
      reverseCharge: true,
      kind: 'reverse_charge',
      mention: 'tax.mention.reverse_charge',
    });
  });

  it('needs the register to confirm the number: an offline check alone is not enough', () => {
    expect(
      decideTaxTreatment({ country: 'BE', vatNumber: { country: 'BE', status: 'format_checked' } }),
    ).toEqual({ rateBasisPoints: 2100, reverseCharge: false, kind: 'eu_consumer' });
  });

  it("charges an EU consumer their own country's VAT", () => {
    expect(decideTaxTreatment({ country: 'DE' })).toEqual({
      rateBasisPoints: 1900,
      reverseCharge: false,
      kind: 'eu_consumer',
    });
    expect(decideTaxTreatment({ country: 'FI', vatNumber: null })).toMatchObject({
      rateBasisPoints: 2550,
    });
    expect(decideTaxTreatment({ country: 'HU' })).toMatchObject({ rateBasisPoints: 2700 });
    expect(decideTaxTreatment({ country: 'LU' })).toMatchObject({ rateBasisPoints: 1700 });
  });

  it('treats a number VIES refused, or of another member state, as no number', () => {
    expect(
      decideTaxTreatment({ country: 'IT', vatNumber: { country: 'IT', status: 'invalid' } }),
    ).toMatchObject({ kind: 'eu_consumer', rateBasisPoints: 2200 });
    expect(decideTaxTreatment({ country: 'IT', vatNumber: verified('DE') })).toMatchObject({
      kind: 'eu_consumer',
      rateBasisPoints: 2200,
    });
  });

  it('charges no VAT outside the EU, with the export mention', () => {
    const exported = {
      rateBasisPoints: 0,
      reverseCharge: false,
      kind: 'export',
      mention: 'tax.mention.export',
    };
    for (const country of ['US', 'CH', 'GB', 'NO', 'JP', 'GP', 'AX'] as const) {
      expect(decideTaxTreatment({ country }), country).toEqual(exported);
    }
    expect(decideTaxTreatment({ country: 'CH', vatNumber: verified('DE') })).toEqual(exported);
  });

  it('holds for every country, number and status', () => {
    const vatNumber = fc.option(
      fc.record({
        country: fc.constantFrom(...EU_MEMBER_STATES),
        status: fc.constantFrom(...VIES_STATUSES),
      }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRY_CODES), vatNumber, (country, number) => {
        const treatment = decideTaxTreatment({ country, vatNumber: number });
        expect(treatment.reverseCharge).toBe(treatment.kind === 'reverse_charge');
        // A sale shows no VAT exactly when the invoice says why.
        expect(treatment.rateBasisPoints === 0).toBe(treatment.mention !== undefined);
        expect(Number.isInteger(treatment.rateBasisPoints)).toBe(true);
        if (country === 'FR' || country === 'MC') {
          expect(treatment).toEqual({
            rateBasisPoints: 2000,
            reverseCharge: false,
            kind: 'domestic',
          });
        } else if (!isEuCountry(country)) {
          expect(treatment.kind).toBe('export');
        } else if (number?.country === country && REVERSE_CHARGE_STATUSES.includes(number.status)) {
          expect(treatment.kind).toBe('reverse_charge');
        } else {
          expect(treatment).toEqual({
            rateBasisPoints: EU_STANDARD_VAT_RATES[country],
            reverseCharge: false,
            kind: 'eu_consumer',
          });
        }
      }),
    );
  });
});

describe('EU standard rates', () => {
  it('has a rate between 15 % (the EU minimum) and 27 % for each member state', () => {
    expect(Object.keys(EU_STANDARD_VAT_RATES).sort()).toEqual([...EU_MEMBER_STATES].sort());
    for (const rate of Object.values(EU_STANDARD_VAT_RATES)) {
      expect(Number.isInteger(rate)).toBe(true);
      expect(rate).toBeGreaterThanOrEqual(1500);
      expect(rate).toBeLessThanOrEqual(2700);
    }
  });

  it('agrees with the checkout table for the member states it lists', () => {
    for (const country of ['FR', 'BE', 'DE', 'ES', 'IT', 'NL'] as const) {
      expect(EU_STANDARD_VAT_RATES[country]).toBe(VAT_RATES[country] * 100);
    }
  });
});

describe('mentions', () => {
  it('reads as the law requires in both languages', () => {
    expect(translateMessage('tax.mention.reverse_charge', 'fr')).toBe(
      'Autoliquidation — article 196 de la directive 2006/112/CE',
    );
    expect(translateMessage('tax.mention.reverse_charge', 'en')).toBe(
      'Reverse charge — Article 196 of Council Directive 2006/112/EC',
    );
    expect(translateMessage('tax.mention.export', 'fr')).toBe(
      'TVA non applicable — article 259-1 du CGI',
    );
    expect(translateMessage('tax.mention.export', 'en')).toBe(
      'VAT not applicable — article 259-1 of the French General Tax Code',
    );
  });
});
