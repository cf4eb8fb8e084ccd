import { centsToDecimalString } from '@cadran/domain/money';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * The one CSV writer of the back office's exports (orders, newsletter; docs/decisions/
 * 030-staff-catalogue-and-licences.md): what a spreadsheet in a French office opens right with a
 * double click. UTF-8 with a byte order mark (else Excel reads the accents as Latin-1), `;`
 * between cells (the separator French Excel expects, since `,` is its decimal mark; an English
 * export uses `,` and `.`, see CONVENTIONS), CRLF line
 * ends, every cell holding a line break quoted (a name typed as `Jean\r=1+1` stays one cell of
 * one row), and every text cell that a spreadsheet would run as a formula prefixed with a quote,
 * so a subscriber named `=HYPERLINK(...)` stays text. Written by csv-stringify, which quotes and
 * escapes as RFC 4180 says.
 */

/**
 * A formula start: = + - @ and their full-width forms (which some spreadsheets read as the same
 * signs), after any leading spaces or line breaks (which some spreadsheets trim), or a cell that
 * starts with a tab or a line break at all.
 */
const FORMULA_START = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

/** `value` as text a spreadsheet shows and never runs (CSV injection). */
export const guardFormula = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value;

export type CsvCell = string | number | boolean | Date | null;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * How a spreadsheet of that language reads a CSV by default: French Excel takes `,` as the
 * decimal mark, hence `;` between cells; English Excel takes `.` and `,`. The accountant's
 * files are French whatever the staff member's language.
 */
const CONVENTIONS = {
  fr: { delimiter: ';', decimalMark: ',' },
  en: { delimiter: ',', decimalMark: '.' },
} as const;

export type CsvConvention = keyof typeof CONVENTIONS;

/** `cents` as euros with two decimals, written with the convention's decimal mark. */
export const csvEuros = (cents: number, convention: CsvConvention = 'fr'): string =>
  centsToDecimalString(cents).replace('.', CONVENTIONS[convention].decimalMark);

/** A percentage in basis points (2000 → "20", 550 → "5,5" or "5.5"). */
export const csvPercent = (basisPoints: number, convention: CsvConvention = 'fr'): string =>
  String(basisPoints / 100).replace('.', CONVENTIONS[convention].decimalMark);

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  convention: CsvConvention = 'fr',
): string {
  const { delimiter, decimalMark } = CONVENTIONS[convention];
  return stringify([[...header], ...rows.map((row) => [...row])], {
    bom: true,
    delimiter,
    record_delimiter: '\r\n',
    // Ours first (it knows more starts); the library's stays as a second lock.
    escape_formulas: true,
    // A lone line feed or carriage return breaks a row in spreadsheets as well as CRLF does.
    quoted_match: /[\r\n]/,
    cast: {
      string: guardFormula,
      date: (value) => value.toISOString(),
      // Amounts in euros with the convention's decimal mark; a cast number is not text, so a
      // negative amount is not taken for a formula.
      number: (value) =>
        Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', decimalMark),
      boolean: (value) => (value ? '1' : '0'),
    },
  });
}

/** Sends `body` as a download named `filename` (a plain name: letters, digits, - _ .). */
export function sendDownload(
  reply: FastifyReply,
  filename: string,
  contentType: string,
  body: string,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .send(body);
}

/** Sends `csv` as a download named `filename`. */
export const sendCsv = (reply: FastifyReply, filename: string, csv: string): FastifyReply =>
  sendDownload(reply, filename, CSV_CONTENT_TYPE, csv);
