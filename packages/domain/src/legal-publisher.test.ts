import { describe, expect, it } from 'vitest';
import { formatFrenchVatNumber, isFrenchVatNumberOf } from './company-identifiers';
import { DEMO_PUBLISHER, legalPublisherOf, publisherAddress } from './legal-publisher';

describe('the legal publisher', () => {
  it('keeps only the legal identity of a seller: no bank account, no e-mail address', () => {
    const seller = {
      ...DEMO_PUBLISHER,
      email: 'support@example.fr',
      iban: 'FR7630006000011234567890189',
      vatOnDebits: true,
    };
    const publisher = legalPublisherOf(seller);
    expect(publisher).toEqual(DEMO_PUBLISHER);
    expect(publisher).not.toHaveProperty('iban');
    expect(publisher).not.toHaveProperty('email');
    // A copy: the pages never hold the settings' own array.
    expect(publisher.addressLines).not.toBe(seller.addressLines);
  });

  it('writes the registered office on one line, every address line first', () => {
    expect(publisherAddress(DEMO_PUBLISHER)).toBe('18 rue de la République, 69002 Lyon, France');
    expect(
      publisherAddress({ ...DEMO_PUBLISHER, addressLines: ['Bâtiment B', '4 place du Marché'] }),
    ).toBe('Bâtiment B, 4 place du Marché, 69002 Lyon, France');
  });

  it('prints a French VAT number in groups, and leaves anything else as it is', () => {
    expect(formatFrenchVatNumber('FR07912480324')).toBe('FR07 912 480 324');
    expect(formatFrenchVatNumber('FR07 912480324')).toBe('FR07 912 480 324');
    expect(formatFrenchVatNumber('DE123456789')).toBe('DE123456789');
  });

  it('names a demo company whose VAT number is the one of its SIREN', () => {
    expect(isFrenchVatNumberOf(DEMO_PUBLISHER.vatNumber, DEMO_PUBLISHER.siren)).toBe(true);
  });
});
