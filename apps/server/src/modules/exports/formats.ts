import type { OssSummary } from '@cadran/domain/oss-summary';
import type { PaymentsDayRow } from '@cadran/domain/payments-summary';
import { FEC_COLUMNS, fecCells, type JournalLine } from '@cadran/domain/sales-journal';
import { toCsv } from '../../http/csv';

/**
 * The files of the accountant's exports. The FEC is the administration's layout (Livre des
 * procédures fiscales, art. A47 A-1): the 18 columns, a tab between cells, CRLF, no quoting,
 * so no cell may hold a tab or a line break. The CSV files are the back office's (http/csv.ts:
 * UTF-8 with BOM, `;`, decimal commas), French as the accountant reads them.
 */

const fecSafe = (cell: string): string => cell.replace(/[\t\r\n]+/g, ' ');

export function fecFile(lines: readonly JournalLine[]): string {
  const rows = [
    FEC_COLUMNS.join('\t'),
    ...lines.map((line) => fecCells(line).map(fecSafe).join('\t')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** The FEC's own name: the SIREN, "FEC", the closing date of the period. */
export const fecFileName = (siren: string, to: string): string =>
  `${siren}FEC${to.replaceAll('-', '')}.txt`;

/** Euros as a number: the CSV writes it with a decimal comma. */
const amount = (cents: number): number => cents / 100;

/** The journal's rows for a spreadsheet: the FEC's columns and cells, amounts with a comma. */
export const journalCsv = (lines: readonly JournalLine[]): string =>
  toCsv(
    [...FEC_COLUMNS],
    lines.map((line) => fecCells(line)),
  );

const rate = (basisPoints: number): number => basisPoints / 100;

export function ossCsv(summary: OssSummary): string {
  return toCsv(
    [
      'type',
      'country',
      'vat_rate',
      'corrected_quarter',
      'taxable_amount',
      'vat_amount',
      'documents',
    ],
    [
      ...summary.sales.map((row) => [
        'sale',
        row.country,
        rate(row.rateBasisPoints),
        '',
        amount(row.taxableCents),
        amount(row.vatCents),
        row.documents,
      ]),
      ...summary.corrections.map((row) => [
        'correction',
        row.country,
        rate(row.rateBasisPoints),
        row.correctedQuarter,
        amount(row.taxableCents),
        amount(row.vatCents),
        row.documents,
      ]),
    ],
  );
}

export const paymentsCsv = (rows: readonly PaymentsDayRow[]): string =>
  toCsv(
    ['day', 'method', 'received', 'refunded', 'net', 'invoices', 'credit_notes'],
    rows.map((row) => [
      row.day,
      row.method,
      amount(row.receivedCents),
      amount(row.refundedCents),
      amount(row.netCents),
      row.invoices,
      row.creditNotes,
    ]),
  );
