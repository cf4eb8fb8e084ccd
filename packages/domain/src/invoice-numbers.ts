/**
 * Numbers of invoices and credit notes (docs/product.md 'Invoices'): one unbroken sequence per
 * kind and calendar year, the year being the issue date's in France (Europe/Paris), so an
 * invoice issued on 31 December at 23:30 UTC+1 belongs to the new year only once it is one in
 * Paris. `FA-2026-00001`, `AV-2026-00001`; past 99 999 the sequence simply grows a digit.
 */

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_NUMBER_PREFIXES: Readonly<Record<InvoiceKind, string>> = {
  invoice: 'FA',
  credit_note: 'AV',
};

export const INVOICE_TIME_ZONE = 'Europe/Paris';

const parisYear = new Intl.DateTimeFormat('en-GB', {
  timeZone: INVOICE_TIME_ZONE,
  year: 'numeric',
});

/** The calendar year of `date` in France: the year whose sequence numbers the document. */
export function invoiceYear(date: Date): number {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  return Number(parisYear.format(date));
}

/** The printed number of the `sequence`-th document of its kind in `year`. */
export function formatInvoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError('sequence must be >= 1');
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError('bad year');
  return `${INVOICE_NUMBER_PREFIXES[kind]}-${year}-${String(sequence).padStart(5, '0')}`;
}

const NUMBER_PATTERN = /^(FA|AV)-(\d{4})-(\d{5,})$/;

/** The parts of a printed number, or null for anything that is not one (a URL segment). */
export function parseInvoiceNumber(
  value: string,
): { kind: InvoiceKind; year: number; sequence: number } | null {
  const match = NUMBER_PATTERN.exec(value);
  if (!match) return null;
  const kind = match[1] === 'FA' ? 'invoice' : 'credit_note';
  const sequence = Number(match[3]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  return { kind, year: Number(match[2]), sequence };
}
