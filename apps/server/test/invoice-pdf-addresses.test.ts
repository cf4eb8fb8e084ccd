import { buildInvoice, type InvoiceInput } from '@cadran/domain/invoice';
import { exportInput, FIXTURE_SELLER, reverseChargeInput } from '@cadran/domain/invoice-fixtures';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../src/modules/invoices/pdf/render-invoice';
import { pdfText } from './invoices-helpers';

/**
 * The buyer's billing address on the invoice PDF, read back with pdftotext: the town and its
 * postcode in the buyer's country's order (docs/product.md 'Invoices'), as the e-mails and the
 * screens write them.
 */

const facts = {
  number: 'FA-2026-00042',
  issuedAt: new Date('2026-03-15T10:00:01Z'),
  seller: FIXTURE_SELLER,
};
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
const textOf = async (input: InvoiceInput) =>
  flat(pdfText(await renderInvoicePdf(buildInvoice(input, facts))));

const livingIn = (
  country: string,
  city: string,
  postalCode: string,
  addressLines: string[],
): InvoiceInput => {
  const input = exportInput();
  return { ...input, buyer: { ...input.buyer, country, city, postalCode, addressLines } };
};

describe('the billing address on the invoice', () => {
  it('writes a British and an American postcode after the town', async () => {
    const british = await textOf(livingIn('GB', 'London', 'SW1A 1AA', ['1 Horse Guards Road']));
    expect(british).toContain('1 Horse Guards Road London SW1A 1AA');
    expect(british).not.toContain('SW1A 1AA London');

    const american = await textOf(livingIn('US', 'Springfield, IL', '62701', ['401 Main St']));
    expect(american).toContain('401 Main St Springfield, IL 62701');
  });

  it('writes a German and a Swiss postcode before the town, as typed', async () => {
    expect(await textOf(reverseChargeInput())).toContain('70173 Stuttgart');
    expect(await textOf(livingIn('DE', 'Berlin', '10115', ['Unter den Linden 1']))).toContain(
      'Unter den Linden 1 10115 Berlin',
    );
    expect(await textOf(exportInput())).toContain('8001 Zürich');
  });
});
