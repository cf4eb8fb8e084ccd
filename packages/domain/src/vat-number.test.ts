import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EU_MEMBER_STATES, type EuCountry } from './countries';
import { isMessageKey } from './messages';
import {
  VAT_NUMBER_ERROR_KEYS,
  VAT_NUMBER_REASONS,
  VIES_STATUSES,
  VIES_STATUS_KEYS,
  VatNumberVerificationSchema,
  checkVatNumber,
  compactVatNumber,
  vatPrefixOf,
  vatRegisterOf,
} from './vat-number';

/** One valid number per member state, as typed, and its normalised form. */
const VALID: Readonly<Record<EuCountry, readonly [typed: string, normalized: string]>> = {
  AT: ['ATU13585627', 'ATU13585627'],
  BE: ['BE 403 019 261', 'BE0403019261'],
  BG: ['BG 175 074 752', 'BG175074752'],
  CY: ['CY-10259033P', 'CY10259033P'],
  CZ: ['CZ 25123891', 'CZ25123891'],
  DE: ['DE136695976', 'DE136695976'],
  DK: ['DK 13 58 56 28', 'DK13585628'],
  EE: ['EE100594102', 'EE100594102'],
  ES: ['ES B-58378431', 'ESB58378431'],
  FI: ['FI 2077474-0', 'FI20774740'],
  FR: ['FR 40 303 265 045', 'FR40303265045'],
  GR: ['EL 094259216', 'EL094259216'],
  HR: ['HR33392005961', 'HR33392005961'],
  HU: ['HU-12892312', 'HU12892312'],
  IE: ['IE 6433435F', 'IE6433435F'],
  IT: ['IT 00743110157', 'IT00743110157'],
  LT: ['LT 100001919017', 'LT100001919017'],
  LU: ['LU 150 274 42', 'LU15027442'],
  LV: ['LV 4000 3521 600', 'LV40003521600'],
  MT: ['MT 1167-9112', 'MT11679112'],
  NL: ['NL4495445B01', 'NL004495445B01'],
  PL: ['PL 856-734-62-15', 'PL8567346215'],
  PT: ['PT 501 964 843', 'PT501964843'],
  RO: ['RO 185 472 90', 'RO18547290'],
  SE: ['SE 123456789701', 'SE123456789701'],
  SI: ['SI 5022 3054', 'SI50223054'],
  SK: ['SK 202 274 96 19', 'SK2022749619'],
};

/** The same numbers with their check digits broken. */
const BAD_CHECK_DIGITS = [
  'ATU13585626',
  'BE0403019262',
  'DE136695978',
  'DK13585627',
  'FR41303265045',
  'EL123456781',
  'IT00743110158',
  'PL8567346216',
  'PT501964842',
  'SI50223053',
  'SK2022749618',
];

describe('checkVatNumber', () => {
  it.each(EU_MEMBER_STATES)('accepts a valid number of %s and normalises it', (country) => {
    const [typed, normalized] = VALID[country];
    expect(checkVatNumber(typed)).toEqual({ valid: true, country, normalized });
    expect(checkVatNumber(typed, country)).toEqual({ valid: true, country, normalized });
  });

  it('reads Greek numbers with EL, and with GR as people often type it', () => {
    expect(checkVatNumber('GR094259216')).toEqual({
      valid: true,
      country: 'GR',
      normalized: 'EL094259216',
    });
    expect(checkVatNumber('094259216', 'GR')).toMatchObject({ normalized: 'EL094259216' });
    expect(vatPrefixOf('GR')).toBe('EL');
    expect(vatPrefixOf('FR')).toBe('FR');
  });

  it('takes the billing country for a number typed without its prefix', () => {
    expect(checkVatNumber('40303265045', 'FR')).toMatchObject({ normalized: 'FR40303265045' });
    expect(checkVatNumber('136695976', 'DE')).toMatchObject({ normalized: 'DE136695976' });
    expect(checkVatNumber('U13585627', 'AT')).toMatchObject({ normalized: 'ATU13585627' });
    // French numbers may start with letters that are no country code.
    expect(checkVatNumber('K7399859412', 'FR')).toMatchObject({ normalized: 'FRK7399859412' });
  });

  it('ignores spaces, dots, dashes and case', () => {
    expect(checkVatNumber(' fr 40.303-265\u00a0045 ')).toMatchObject({
      normalized: 'FR40303265045',
    });
    expect(checkVatNumber('nl 4495445 b01')).toMatchObject({ normalized: 'NL004495445B01' });
    expect(compactVatNumber('fr 40.303–265 045')).toBe('FR40303265045');
  });

  it('refuses broken check digits as checksum', () => {
    for (const number of BAD_CHECK_DIGITS) {
      expect(checkVatNumber(number), number).toEqual({ valid: false, reason: 'checksum' });
    }
  });

  it('refuses a wrong shape as format', () => {
    for (const number of [
      '',
      '   ',
      'DE',
      'DE12345678',
      'DE1234567890',
      'FR 40 303 265 04',
      'ATX13585627',
      'BE 403/019/261',
      'DE136695976!',
      'x'.repeat(41),
      'DE 136 695 976 '.repeat(3),
    ]) {
      expect(checkVatNumber(number), number).toEqual({ valid: false, reason: 'format' });
    }
  });

  it('needs a prefix or a billing country to know whose number it is', () => {
    expect(checkVatNumber('40303265045')).toEqual({ valid: false, reason: 'format' });
    expect(checkVatNumber('40303265045', null)).toEqual({ valid: false, reason: 'format' });
  });

  it('refuses numbers from outside the EU as not_eu', () => {
    for (const number of ['GB980780684', 'XI980780684', 'CHE-123.456.788', 'NO123456785MVA']) {
      expect(checkVatNumber(number), number).toEqual({ valid: false, reason: 'not_eu' });
      expect(checkVatNumber(number, 'FR'), number).toEqual({ valid: false, reason: 'not_eu' });
    }
    expect(checkVatNumber('980780684', 'GB')).toEqual({ valid: false, reason: 'not_eu' });
    expect(checkVatNumber('123456789', 'US')).toEqual({ valid: false, reason: 'not_eu' });
  });

  it('refuses a valid number of another country than the billing one as country_mismatch', () => {
    expect(checkVatNumber('FR40303265045', 'BE')).toEqual({
      valid: false,
      reason: 'country_mismatch',
    });
    expect(checkVatNumber('DE136695976', 'CH')).toEqual({
      valid: false,
      reason: 'country_mismatch',
    });
    // The number's own errors come first: a typing error is what to fix.
    expect(checkVatNumber('FR41303265045', 'BE')).toEqual({ valid: false, reason: 'checksum' });
  });

  it('accepts French numbers for Monaco and the overseas departments, Finnish ones for Åland', () => {
    for (const billing of ['MC', 'GP', 'MQ', 'GF', 'RE', 'YT', 'MF'] as const) {
      expect(checkVatNumber('FR40303265045', billing), billing).toMatchObject({ valid: true });
      expect(checkVatNumber('40303265045', billing), billing).toMatchObject({ country: 'FR' });
      expect(vatRegisterOf(billing)).toBe('FR');
    }
    expect(checkVatNumber('FI20774740', 'AX')).toMatchObject({ valid: true, country: 'FI' });
    expect(vatRegisterOf('US')).toBeNull();
    expect(vatRegisterOf('DE')).toBe('DE');
  });

  it('never throws, and answers one of the four reasons for any input', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 50 }),
        fc.option(fc.constantFrom(...COUNTRY_CODES), { nil: undefined }),
        (input, billing) => {
          const result = checkVatNumber(input, billing);
          if (!result.valid) expect(VAT_NUMBER_REASONS).toContain(result.reason);
        },
      ),
    );
  });

  it('gives the same answer whatever separators and case the number is typed with', () => {
    const separated = fc
      .constantFrom(...Object.values(VALID).map(([, normalized]) => normalized))
      .chain((normalized) =>
        fc
          .array(fc.constantFrom('', ' ', '.', '-', '\u00a0'), {
            minLength: normalized.length,
            maxLength: normalized.length,
          })
          .map((separators) => ({
            normalized,
            typed: [...normalized].map((char, i) => separators[i] + char).join(''),
          })),
      );
    fc.assert(
      fc.property(separated, fc.boolean(), ({ normalized, typed }, lower) => {
        const input = lower ? typed.toLowerCase() : typed;
        if (input.length > 40) return;
        expect(checkVatNumber(input)).toMatchObject({ valid: true, normalized });
      }),
    );
  });

  it('is stable: a normalised number checks again to itself, with or without its prefix', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EU_MEMBER_STATES), (country) => {
        const first = checkVatNumber(VALID[country][0]);
        if (!first.valid) throw new Error(`${country} sample refused`);
        expect(checkVatNumber(first.normalized)).toEqual(first);
        expect(checkVatNumber(first.normalized.slice(2), country)).toEqual(first);
      }),
    );
  });
});

describe('messages and VIES statuses', () => {
  it('has a message key for each refusal and each status', () => {
    for (const reason of VAT_NUMBER_REASONS) {
      expect(isMessageKey(VAT_NUMBER_ERROR_KEYS[reason])).toBe(true);
    }
    for (const status of VIES_STATUSES) expect(isMessageKey(VIES_STATUS_KEYS[status])).toBe(true);
  });

  it('describes a recorded verification', () => {
    const record = {
      vat_number: 'FR40303265045',
      country: 'FR',
      status: 'format_checked',
      checked_at: '2026-11-24T10:00:00.000Z',
    };
    expect(VatNumberVerificationSchema.parse(record)).toEqual(record);
    expect(VatNumberVerificationSchema.safeParse({ ...record, status: 'maybe' }).success).toBe(
      false,
    );
    expect(VatNumberVerificationSchema.safeParse({ ...record, country: 'GB' }).success).toBe(false);
  });
});
