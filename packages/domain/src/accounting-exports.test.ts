import { describe, expect, it } from 'vitest';
import { ExportPeriodSchema, OssQuerySchema, parseQuarter, quarterOf } from './accounting-period';
import { buildCreditNote, buildInvoice, type InvoiceDocument } from './invoice';
import {
  consumerInput,
  domesticBusinessInput,
  euConsumerInput,
  exportInput,
  FIXTURE_SELLER,
  reverseChargeInput,
} from './invoice-fixtures';
import { ossSummary } from './oss-summary';
import { paymentsSummary } from './payments-summary';
import {
  DEFAULT_JOURNAL_ACCOUNTS,
  fecAmount,
  fecCells,
  FEC_COLUMNS,
  journalTotals,
  salesJournal,
} from './sales-journal';
import { fieldErrorsFromZod } from './validation';

type Input = Parameters<typeof buildInvoice>[0];
/** An invoice paid and issued at the same instant, as the shop issues them. */
const paidInvoice = (input: Input, number: string, at: string) =>
  buildInvoice({ ...input, paidAt: new Date(at) }, issue(number, at));

const issue = (number: string, at: string) => ({
  number,
  issuedAt: new Date(at),
  seller: FIXTURE_SELLER,
});

/** A quarter of sales: France, an EU consumer, reverse charge with a promo, export, a refund. */
function quarterOfSales(): InvoiceDocument[] {
  const german = paidInvoice(euConsumerInput(), 'FA-2026-00002', '2026-07-02T09:00:00Z');
  const earlier = paidInvoice(euConsumerInput(), 'FA-2026-00001', '2026-06-20T09:00:00Z');
  return [
    german,
    paidInvoice(domesticBusinessInput(), 'FA-2026-00003', '2026-07-03T09:00:00Z'),
    paidInvoice(consumerInput(), 'FA-2026-00004', '2026-07-03T21:59:00Z'),
    paidInvoice(reverseChargeInput(), 'FA-2026-00005', '2026-08-10T09:00:00Z'),
    paidInvoice(exportInput(), 'FA-2026-00006', '2026-09-01T09:00:00Z'),
    buildCreditNote(german, issue('AV-2026-00001', '2026-07-20T09:00:00Z')),
    buildCreditNote(earlier, issue('AV-2026-00002', '2026-07-21T09:00:00Z')),
  ];
}

const signed = (doc: InvoiceDocument, cents: number) => (doc.kind === 'invoice' ? cents : -cents);

describe('the sales journal', () => {
  const docs = quarterOfSales();
  const lines = salesJournal(docs, DEFAULT_JOURNAL_ACCOUNTS);

  it('balances every entry and the whole journal', () => {
    for (const doc of docs) {
      const entry = lines.filter((line) => line.entryNumber === doc.number);
      const totals = journalTotals(entry);
      expect(totals.debitCents).toBe(totals.creditCents);
      expect(totals.debitCents).toBe(doc.grossCents);
    }
    const all = journalTotals(lines);
    expect(all.debitCents).toBe(all.creditCents);
  });

  it('reconciles each account with the documents to the cent', () => {
    const balance = (account: string) =>
      lines
        .filter((line) => line.account === account)
        .reduce((sum, line) => sum + line.creditCents - line.debitCents, 0);
    const sum = (pick: (doc: InvoiceDocument) => number) =>
      docs.reduce((total, doc) => total + signed(doc, pick(doc)), 0);
    expect(-balance('411')).toBe(sum((doc) => doc.grossCents));
    expect(balance('706')).toBe(sum((doc) => doc.netCents));
    expect(balance('44571')).toBe(sum((doc) => doc.vatCents));
  });

  it('books an invoice on the customer’s debit and a credit note on its credit', () => {
    const [customer, revenue, vat] = lines.filter((line) => line.entryNumber === 'FA-2026-00003');
    expect(customer).toMatchObject({
      account: '411',
      debitCents: 112_560,
      creditCents: 0,
      entryDate: '20260703',
    });
    expect(revenue).toMatchObject({
      account: '706',
      creditCents: 93_800,
      label: 'Facture FA-2026-00003 HT TVA 20 %',
    });
    expect(vat).toMatchObject({ account: '44571', creditCents: 18_760 });
    const [refund] = lines.filter((line) => line.entryNumber === 'AV-2026-00001');
    expect(refund).toMatchObject({
      account: '411',
      debitCents: 0,
      creditCents: docs[0]!.grossCents,
    });
    // Reverse charge and exports have no VAT line.
    expect(
      lines.filter((line) => line.entryNumber === 'FA-2026-00005').map((line) => line.account),
    ).toEqual(['411', '706']);
  });

  it('writes the 18 FEC columns with comma decimals', () => {
    expect(FEC_COLUMNS).toHaveLength(18);
    expect(FEC_COLUMNS[0]).toBe('JournalCode');
    expect(FEC_COLUMNS[17]).toBe('Idevise');
    const cells = fecCells(lines[0]!);
    expect(cells).toHaveLength(18);
    expect(cells.slice(0, 5)).toEqual(['VE', 'Ventes', 'FA-2026-00002', '20260702', '411']);
    expect(fecAmount(112_560)).toBe('1125,60');
    expect(fecAmount(5)).toBe('0,05');
  });
});

describe('the One-Stop-Shop summary', () => {
  it('sums EU consumer sales per country and rate, and credit notes as corrections of their quarter', () => {
    const docs = quarterOfSales();
    const summary = ossSummary(docs);
    const german = docs[0]!;
    expect(summary.sales).toEqual([
      {
        country: 'DE',
        rateBasisPoints: 1900,
        taxableCents: german.netCents,
        vatCents: german.vatCents,
        documents: 1,
      },
    ]);
    expect(summary.corrections).toEqual([
      expect.objectContaining({
        country: 'DE',
        correctedQuarter: '2026-Q2',
        taxableCents: -german.netCents,
      }),
      expect.objectContaining({
        country: 'DE',
        correctedQuarter: '2026-Q3',
        vatCents: -german.vatCents,
      }),
    ]);
    expect(summary.totals).toEqual({ taxableCents: -german.netCents, vatCents: -german.vatCents });
  });
});

describe('the payments received', () => {
  it('sums each method per Paris day, refunds apart, to the documents’ totals', () => {
    const docs = quarterOfSales();
    const rows = paymentsSummary(docs);
    // 21:59 UTC on 3 July is still 3 July in Paris (23:59).
    expect(rows.find((row) => row.day === '2026-07-03')).toMatchObject({
      method: 'stripe',
      invoices: 2,
    });
    const received = rows.reduce((sum, row) => sum + row.netCents, 0);
    expect(received).toBe(docs.reduce((sum, doc) => sum + signed(doc, doc.grossCents), 0));
  });
});

describe('the periods of the exports', () => {
  it('accepts a period in order and refuses one upside down, too long or not a date', () => {
    expect(ExportPeriodSchema.safeParse({ from: '2026-07-01', to: '2026-09-30' }).success).toBe(
      true,
    );
    const errors = (value: unknown) =>
      fieldErrorsFromZod(ExportPeriodSchema.safeParse(value).error!);
    expect(errors({ from: '2026-09-30', to: '2026-07-01' })).toEqual({
      to: ['exports.period.reversed'],
    });
    expect(errors({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      to: ['exports.period.too_long'],
    });
    expect(errors({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: ['exports.period.invalid_day'],
    });
  });

  it('reads quarters and refuses one that has not begun', () => {
    expect(parseQuarter('2026-Q1')).toEqual({
      label: '2026-Q1',
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(parseQuarter('2026-Q4')).toEqual({
      label: '2026-Q4',
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(parseQuarter('2026-Q5')).toBeUndefined();
    expect(quarterOf('2026-08-15')).toBe('2026-Q3');
    const next = `${new Date().getUTCFullYear() + 1}-Q1`;
    expect(fieldErrorsFromZod(OssQuerySchema.safeParse({ quarter: next }).error!)).toEqual({
      quarter: ['exports.quarter.future'],
    });
    expect(fieldErrorsFromZod(OssQuerySchema.safeParse({ quarter: '2026-3' }).error!)).toEqual({
      quarter: ['exports.quarter.invalid'],
    });
  });
});
