import { describe, expect, it } from 'vitest';
import {
  formatSiren,
  frenchVatKey,
  frenchVatNumberOf,
  isFrenchVatNumberOf,
  isValidSiren,
} from './company-identifiers';

describe('SIREN', () => {
  it('accepts a number whose Luhn check digit matches, with or without spaces', () => {
    expect(isValidSiren('912345675')).toBe(true);
    expect(isValidSiren('912 345 675')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(isValidSiren('912345676')).toBe(false);
    expect(isValidSiren('91234567')).toBe(false);
    expect(isValidSiren('9123456750')).toBe(false);
    expect(isValidSiren('91234567A')).toBe(false);
  });
  it('is printed in groups of three', () => {
    expect(formatSiren('912345675')).toBe('912 345 675');
  });
});

describe('French VAT number', () => {
  it('derives the key from the SIREN: (12 + 3 × (SIREN mod 97)) mod 97', () => {
    expect(frenchVatKey('912345675')).toBe(
      String((12 + 3 * (912345675 % 97)) % 97).padStart(2, '0'),
    );
    expect(frenchVatNumberOf('912345675')).toBe('FR65912345675');
  });
  it('matches only its own SIREN and key', () => {
    expect(isFrenchVatNumberOf('FR 65 912345675', '912345675')).toBe(true);
    expect(isFrenchVatNumberOf('FR66912345675', '912345675')).toBe(false);
    expect(isFrenchVatNumberOf('FR65912345675', '912345676')).toBe(false);
    expect(isFrenchVatNumberOf('DE65912345675', '912345675')).toBe(false);
  });
});
