import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * CSV exports of the back office (docs/decisions/030-staff-catalogue-and-licences.md): what a
 * spreadsheet in a French office opens right with a double click. UTF-8 with a byte order mark
 * (else Excel reads the accents as Latin-1), `;` between cells (the separator French Excel
 * expects, since `,` is its decimal mark), CRLF line ends, and every text cell that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) prefixed
 * with a quote, so a subscriber named `=HYPERLINK(...)` stays text. Written by csv-stringify,
 * which quotes and escapes as RFC 4180 says.
 */

export type CsvCell = string | number | boolean | Date | null;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([[...header], ...rows.map((row) => [...row])], {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    escape_formulas: true,
    // A lone line feed or carriage return breaks a row in spreadsheets as well as CRLF does.
    quoted_match: /[\r\n]/,
    cast: {
      date: (value) => value.toISOString(),
      // Amounts in euros with a decimal comma, as a French spreadsheet reads numbers; a cast
      // number is not text, so a negative amount is not taken for a formula.
      number: (value) =>
        Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ','),
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
