import { buildInvoice } from '@cadran/domain/invoice';
import { FIXTURE_SELLER, unconfirmedBusinessInput } from '@cadran/domain/invoice-fixtures';
import { buildVatCreditNote } from '@cadran/domain/vat-credit';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/modules/invoices/pdf/render-invoice';
import { pdfText } from './invoices-helpers';

/**
 * The PDF of a credit note of the VAT alone (docs/decisions/055-delivery-address-and-vat-alone.md):
 * its lines and total box state the VAT given back, never the invoice's total.
 */

const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
const seller = FIXTURE_SELLER;

async function vatCreditText(language: 'fr' | 'en') {
  const invoice = buildInvoice(
    { ...unconfirmedBusinessInput(), language },
    { number: 'FA-2026-00042', issuedAt: new Date('2026-03-15T10:00:01Z'), seller },
  );
  const note = buildVatCreditNote(invoice, {
    number: 'AV-2026-00004',
    issuedAt: new Date('2026-04-02T09:00:00Z'),
    seller,
  });
  return { invoice, text: flat(pdfText(await renderInvoicePdf(note))) };
}

const EXPECTED = {
  en: {
    says: [
      'Sale of invoice FA-2026-00042 as taxed, cancelled',
      'The same sale under the reverse charge',
      'Total excl. VAT €0.00',
      'VAT 19% €168.72',
      'Total incl. VAT €168.72',
      'Amount credited to the customer: €168.72',
    ],
    invoiceTotal: '1,056.72',
  },
  fr: {
    says: [
      'Vente de la facture FA-2026-00042 telle que taxée, annulée',
      'La même vente en autoliquidation',
      'Total HT 0,00 €',
      'TVA 19 % 168,72 €',
      'Total TTC 168,72 €',
      'Montant crédité au client : 168,72 €',
    ],
    invoiceTotal: '1 056,72',
  },
} as const;

describe('the PDF of a credit note of the VAT alone', () => {
  it.each(['en', 'fr'] as const)(
    'states the VAT given back in its lines and total box, never the invoice’s total (%s)',
    async (language) => {
      const { invoice, text } = await vatCreditText(language);
      expect([invoice.netCents, invoice.vatCents, invoice.grossCents]).toEqual([
        88_800, 16_872, 105_672,
      ]);
      for (const expected of EXPECTED[language].says) expect(text, expected).toContain(expected);
      expect(text).not.toContain(EXPECTED[language].invoiceTotal);
    },
  );
});
