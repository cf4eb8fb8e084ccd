import { describe, expect, it } from 'vitest';
import { localityLine, postalAddressLines } from './postal-address';

describe('postal addresses in their country’s order', () => {
  it('puts the postcode first where the country does', () => {
    expect(localityLine('FR', '75001', 'Paris')).toBe('75001 Paris');
    expect(localityLine('DE', '10115', 'Berlin')).toBe('10115 Berlin');
    expect(localityLine('BE', '1000', 'Bruxelles')).toBe('1000 Bruxelles');
    // What the buyer typed is printed as typed: no prefix added to it.
    expect(localityLine('LU', 'L-1234', 'Luxembourg')).toBe('L-1234 Luxembourg');
  });

  it('puts it after the town in the United Kingdom, Ireland, the United States and Canada', () => {
    expect(localityLine('GB', 'SW1A 1AA', 'London')).toBe('London SW1A 1AA');
    expect(localityLine('IE', 'D02 X285', 'Dublin')).toBe('Dublin D02 X285');
    expect(localityLine('US', '62701', 'Springfield, IL')).toBe('Springfield, IL 62701');
    expect(localityLine('CA', 'M5V 3L9', 'Toronto ON')).toBe('Toronto ON M5V 3L9');
  });

  it('trims what was typed and leaves out an empty part', () => {
    expect(localityLine('gb', ' SW1A 1AA ', ' London ')).toBe('London SW1A 1AA');
    expect(localityLine('HK', '', 'Hong Kong')).toBe('Hong Kong');
  });

  it('gives the street lines, then the locality, without empty lines', () => {
    expect(
      postalAddressLines({
        lines: ['10 Downing Street', ''],
        postalCode: 'SW1A 2AA',
        city: 'London',
        country: 'GB',
      }),
    ).toEqual(['10 Downing Street', 'London SW1A 2AA']);
    expect(
      postalAddressLines({
        lines: ['12 rue de la Paix', 'Bâtiment B'],
        postalCode: '75002',
        city: 'Paris',
        country: 'FR',
      }),
    ).toEqual(['12 rue de la Paix', 'Bâtiment B', '75002 Paris']);
  });
});
