import { buildInvoice } from '@cadran/domain/invoice';
import {
  domesticBusinessInput,
  FIXTURE_SELLER,
  reverseChargeInput,
  warehouseDelivery,
} from '@cadran/domain/invoice-fixtures';
import { describe, expect, it } from 'vitest';
import { facturXml } from '../src/modules/invoices/facturx/cii-xml';
import { renderInvoicePdf } from '../src/modules/invoices/pdf/render-invoice';
import { readCii } from './facturx-helpers';
import { pdfText } from './invoices-helpers';

/**
 * The delivery address when it differs (docs/decisions/055-delivery-address-and-vat-alone.md):
 * printed under the buyer and carried as the ship-to party, and absent otherwise.
 */

const facts = {
  number: 'FA-2026-00042',
  issuedAt: new Date('2026-03-15T10:00:01Z'),
  seller: FIXTURE_SELLER,
};
const warehouse = warehouseDelivery();
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

describe('the delivery address on an invoice', () => {
  it('is the ship-to party of the e-invoice data when it differs', () => {
    const cii = readCii(
      facturXml(buildInvoice({ ...domesticBusinessInput(), delivery: warehouse }, facts)),
    );
    expect(cii.within('ShipToTradeParty', 'Name')).toEqual(['Atelier Fèvre SARL']);
    expect(cii.within('ShipToTradeParty', 'LineOne')).toEqual(['8 rue du Dépôt']);
    expect(cii.within('ShipToTradeParty', 'LineTwo')).toEqual(['Bâtiment B']);
    expect(cii.within('ShipToTradeParty', 'PostcodeCode')).toEqual(['39100']);
    expect(cii.within('ShipToTradeParty', 'CityName')).toEqual(['Dole']);
    expect(cii.within('ShipToTradeParty', 'CountryID')).toEqual(['FR']);
    // It sits in the header's delivery, where EN 16931 reads BG-13.
    expect(cii.within('ApplicableHeaderTradeDelivery', 'CityName')).toEqual(['Dole']);
  });

  it('leaves the data without a ship-to party when the delivery goes to the billing address', () => {
    const cii = readCii(facturXml(buildInvoice(domesticBusinessInput(), facts)));
    expect(cii.all('ShipToTradeParty')).toEqual([]);
  });

  it.each([
    ['fr', domesticBusinessInput(), 'ADRESSE DE LIVRAISON'],
    ['en', reverseChargeInput(), 'DELIVERY ADDRESS'],
  ] as const)(
    'is printed under the buyer when it differs (%s)',
    async (_language, input, label) => {
      const text = flat(
        pdfText(await renderInvoicePdf(buildInvoice({ ...input, delivery: warehouse }, facts))),
      );
      expect(text).toContain(label);
      expect(text).toContain('Marc Roy');
      expect(text).toContain('8 rue du Dépôt');
      expect(text).toContain('39100 Dole');
      const without = flat(pdfText(await renderInvoicePdf(buildInvoice(input, facts))));
      expect(without).not.toContain(label);
      expect(without).not.toContain('Dole');
    },
  );
});
