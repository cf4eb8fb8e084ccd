import { buildCreditNote, buildInvoice, type InvoiceInput } from '@cadran/domain/invoice';
import {
  consumerInput,
  domesticBusinessInput,
  FIXTURE_SELLER,
  reverseChargeInput,
} from '@cadran/domain/invoice-fixtures';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { EXPORT_MENTION } from '@cadran/domain/tax-treatment';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/modules/invoices/pdf/render-invoice';
import { pdfText } from './invoices-helpers';

/**
 * What an accountant reads on the PDF (docs/product.md 'Invoices'), read back with pdftotext:
 * every legal mention, in both languages, with and without VAT.
 */

const facts = {
  number: 'FA-2026-00042',
  issuedAt: new Date('2026-03-15T10:00:01Z'),
  seller: FIXTURE_SELLER,
};
// pdftotext turns no-break spaces into plain ones (see pdfText) and may wrap a long mention.
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
const textOf = async (input: InvoiceInput) =>
  flat(pdfText(await renderInvoicePdf(buildInvoice(input, facts))));
const says = (key: MessageKey, lang: 'fr' | 'en') => flat(translateMessage(key, lang));

describe('the invoice PDF', () => {
  it('shows the seller, buyer, lines, totals and business mentions in French', async () => {
    const text = await textOf(domesticBusinessInput());
    for (const expected of [
      'Facture',
      'FA-2026-00042',
      'CMD-2026-000123',
      '15 mars 2026',
      'Cadran SAS',
      'SAS au capital de 10 000,00 €',
      'SIREN 912 345 675',
      'RCS Besançon',
      'FR65912345675',
      '12 rue des Horlogers',
      'Atelier Fèvre SARL',
      'Élodie Fèvre',
      '3 place de l’Église',
      'Cadran Pro',
      'Annuel',
      'Période du 15 mars 2026 au 15 mars 2027',
      'Paiement unique',
      'À partir du 15 mars 2026, sans échéance',
      'Domaines supplémentaires : 2',
      'Installations supplémentaires : 1',
      'Prix unitaire HT',
      '224,00 €',
      'Total HT',
      '938,00 €',
      'TVA 20 %',
      '187,60 €',
      'Total TTC',
      '1 125,60 €',
      'Payée le 15 mars 2026 par carte bancaire',
      says('invoice.mention.no_early_payment_discount', 'fr'),
      says('invoice.mention.late_penalties', 'fr'),
      says('invoice.mention.recovery_fee', 'fr'),
    ]) {
      expect(text, expected).toContain(flat(expected));
    }
    expect(text).not.toContain(says('tax.mention.reverse_charge', 'fr'));
  });

  it('shows the reverse charge, the discount and the buyer’s VAT number in English', async () => {
    const text = await textOf(reverseChargeInput());
    for (const expected of [
      'Invoice',
      'Uhrwerk GmbH',
      'Jürgen Weiß',
      'VAT number: DE123456789',
      'Discount (WELCOME10)',
      '−€50.00',
      'Total excl. VAT',
      '€888.00',
      'VAT 0%',
      'Total incl. VAT',
      'Paid on 15 March 2026 by PayPal',
      'Period 15 March 2026 to 15 March 2027',
      says('tax.mention.reverse_charge', 'en'),
      says('invoice.mention.late_penalties', 'en'),
      says('invoice.mention.recovery_fee', 'en'),
      'with a share capital of €10,000.00',
    ]) {
      expect(text, expected).toContain(flat(expected));
    }
  });

  it('shows the reverse charge mention in French too', async () => {
    const text = await textOf({ ...reverseChargeInput(), language: 'fr' });
    expect(text).toContain(says('tax.mention.reverse_charge', 'fr'));
    expect(text).toContain('Remise (WELCOME10)');
    expect(text).toContain('TVA 0 %');
  });

  it('gives a consumer no late-payment penalty nor recovery fee', async () => {
    for (const language of ['fr', 'en'] as const) {
      const text = await textOf({ ...consumerInput(), language });
      expect(text).toContain(says('invoice.mention.no_early_payment_discount', language));
      expect(text).not.toContain(says('invoice.mention.late_penalties', language));
      expect(text).not.toContain(says('invoice.mention.recovery_fee', language));
    }
  });

  it('carries the export mention when no VAT is charged outside the EU', async () => {
    const input: InvoiceInput = {
      ...consumerInput(),
      language: 'en',
      tax: { kind: 'export', rateBasisPoints: 0, reverseCharge: false, mention: EXPORT_MENTION },
    };
    expect(await textOf(input)).toContain(says('tax.mention.export', 'en'));
  });

  it('titles a credit note and names the invoice it cancels', async () => {
    const invoice = buildInvoice(domesticBusinessInput(), facts);
    const note = buildCreditNote(invoice, {
      ...facts,
      number: 'AV-2026-00003',
      issuedAt: new Date('2026-04-02T09:00:00Z'),
    });
    const text = flat(pdfText(await renderInvoicePdf(note)));
    expect(text).toContain('Avoir');
    expect(text).toContain('AV-2026-00003');
    expect(text).toContain('Avoir sur la facture FA-2026-00042 du 15 mars 2026');
  });

  it('is an A4 PDF with its font embedded', async () => {
    const pdf = await renderInvoicePdf(buildInvoice(domesticBusinessInput(), facts));
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/DejaVuSans/);
  });
});
