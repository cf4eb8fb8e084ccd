import { beforeAll, describe, expect, it } from 'vitest';
import { billing, buyer, item, orderBody, placeOrder, shopSuite } from './orders-helpers';
import { adminGet, signedInStaff } from './staff-helpers';

/*
 * Formula injection through the orders CSV (docs/product.md 'Back office'): names typed at
 * checkout reach a staff member's spreadsheet. Whatever they hold, each order stays one row, and
 * no cell starts with something a spreadsheet runs.
 */

/** Reads CSV as a spreadsheet does (RFC 4180): quoted cells may hold line breaks. */
function readCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** What a spreadsheet would run: a formula sign, full-width too, even after spaces. */
const RUNS_AS_FORMULA = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

const HOSTILE_NAMES = [
  { first_name: 'Jean\r=1+1', last_name: '\uFF1D1+1', company: '\uFF20SUM(A1)' },
  { first_name: 'Line\n=cmd|" /C calc"!A0', last_name: '\uFF0B33 6', company: '\uFF0D2+3' },
  // Checkout trims the names: what is left starts with the sign.
  { first_name: ' =1+1', last_name: '\r\n@SUM(A1)', company: '\t=1' },
];

describe('orders CSV against formula injection', () => {
  const t = shopSuite();
  let support: Record<string, string>;

  beforeAll(async () => {
    support = (await signedInStaff(t.app, t.db, 'support')).headers;
    for (const names of HOSTILE_NAMES) {
      const placed = await placeOrder(
        t.app,
        await buyer(t.app),
        orderBody([item(t.pro.id)], { billing_address: billing(names) }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
    }
  });

  // The French file separates cells with `;`, the English one with `,`.
  it.each([
    { lang: 'fr', delimiter: ';', first: 'Prénom', last: 'Nom', company: 'Société' },
    { lang: 'en', delimiter: ',', first: 'First name', last: 'Last name', company: 'Company' },
  ])('keeps every order on one row and every cell as text ($lang)', async (file) => {
    const res = await adminGet(
      t.app,
      `/orders/export.csv?sort=created_at&lang=${file.lang}`,
      support,
    );
    expect(res.statusCode).toBe(200);
    const rows = readCsv(res.body.replace(/^\uFEFF/, ''), file.delimiter);
    const [header, ...orders] = rows;
    expect(orders).toHaveLength(HOSTILE_NAMES.length);
    for (const row of orders) {
      expect(row).toHaveLength(header!.length);
      for (const cell of row) expect(cell, JSON.stringify(cell)).not.toMatch(RUNS_AS_FORMULA);
    }
    const column = (name: string) => header!.indexOf(name);
    // The names are all there, only behind the quote that keeps them text.
    expect(orders.map((row) => row[column(file.first)])).toEqual([
      'Jean\r=1+1',
      'Line\n=cmd|" /C calc"!A0',
      "'=1+1",
    ]);
    expect(orders.map((row) => row[column(file.last)])).toEqual([
      "'\uFF1D1+1",
      "'\uFF0B33 6",
      "'@SUM(A1)",
    ]);
    expect(orders.map((row) => row[column(file.company)])).toEqual([
      "'\uFF20SUM(A1)",
      "'\uFF0D2+3",
      "'=1",
    ]);
  });
});
