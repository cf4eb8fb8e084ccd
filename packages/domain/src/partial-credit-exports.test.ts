import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildInvoice, type InvoiceDocument } from './invoice';
import { FIXTURE_SELLER, unconfirmedBusinessInput } from './invoice-fixtures';
import { ossSummary } from './oss-summary';
import { paymentsSummary } from './payments-summary';
import { DEFAULT_JOURNAL_ACCOUNTS, journalTotals, salesJournal } from './sales-journal';
import { buildVatCreditNote } from './vat-credit';

/*
 * The accountant's exports over a sale whose VAT went back once the buyer's number was
 * confirmed, then whose remainder was refunded: each credit note counts for what it gives
 * back, so the three documents together cancel the sale to the cent.
 */

const issue = (number: string, at: string) => ({
  number,
  issuedAt: new Date(at),
  seller: FIXTURE_SELLER,
});

function confirmedThenRefunded(): [InvoiceDocument, InvoiceDocument, InvoiceDocument] {
  const at = '2026-07-02T09:00:00Z';
  const invoice = buildInvoice(
    { ...unconfirmedBusinessInput(), paidAt: new Date(at) },
    issue('FA-2026-00010', at),
  );
  const vat = buildVatCreditNote(invoice, issue('AV-2026-00003', '2026-07-09T10:00:00Z'));
  const rest = buildCreditNote(
    invoice,
    issue('AV-2026-00004', '2026-07-20T10:00:00Z'),
    invoice.vatCents,
  );
  return [invoice, vat, rest];
}

describe('exports of the VAT given back, then of the remainder', () => {
  const [invoice, vat, rest] = confirmedThenRefunded();

  it('books the VAT alone, then the net under the reverse charge; the journal balances', () => {
    const lines = salesJournal([invoice, vat, rest], DEFAULT_JOURNAL_ACCOUNTS);
    const totals = journalTotals(lines);
    expect(totals.debitCents).toBe(totals.creditCents);
    const net = (entry: string, account: string) =>
      lines
        .filter((line) => line.entryNumber === entry && line.account === account)
        .reduce((sum, line) => sum + line.debitCents - line.creditCents, 0);
    expect(net('AV-2026-00003', '411')).toBe(-invoice.vatCents);
    expect(net('AV-2026-00003', '44571')).toBe(invoice.vatCents);
    expect(net('AV-2026-00003', '706')).toBe(0);
    expect(net('AV-2026-00004', '411')).toBe(-invoice.netCents);
    expect(net('AV-2026-00004', '706')).toBe(invoice.netCents);
    expect(net('AV-2026-00004', '44571')).toBe(0);
    for (const account of ['411', '706', '44571']) {
      const all = lines
        .filter((line) => line.account === account)
        .reduce((sum, line) => sum + line.debitCents - line.creditCents, 0);
      expect(all).toBe(0);
    }
    expect(lines.every((line) => line.debitCents >= 0 && line.creditCents >= 0)).toBe(true);
  });

  it('takes the sale out of the One-Stop Shop once, and declares no reverse-charge remainder', () => {
    const summary = ossSummary([invoice, vat, rest]);
    expect(summary.sales).toEqual([
      expect.objectContaining({
        country: 'DE',
        taxableCents: invoice.netCents,
        vatCents: invoice.vatCents,
      }),
    ]);
    expect(summary.corrections).toEqual([
      expect.objectContaining({
        country: 'DE',
        rateBasisPoints: 1900,
        taxableCents: -invoice.netCents,
        vatCents: -invoice.vatCents,
        documents: 1,
        correctedQuarter: '2026-Q3',
      }),
    ]);
    expect(summary.totals).toEqual({ taxableCents: 0, vatCents: 0 });
  });

  it('counts each refund for the money it gave back: together, what was paid', () => {
    const rows = paymentsSummary([invoice, vat, rest]);
    const refunded = rows.reduce((sum, row) => sum + row.refundedCents, 0);
    const received = rows.reduce((sum, row) => sum + row.receivedCents, 0);
    expect(received).toBe(invoice.grossCents);
    expect(refunded).toBe(invoice.vatCents + invoice.netCents);
    expect(rows.find((row) => row.day === '2026-07-09')?.refundedCents).toBe(invoice.vatCents);
    expect(rows.find((row) => row.day === '2026-07-20')?.refundedCents).toBe(invoice.netCents);
  });
});
