import type { AdminOrder } from '@cadran/domain/staff-orders';
import { stringify } from 'csv-stringify/sync';

/**
 * The CSV of the back-office order list (docs/product.md 'Back office'), for a spreadsheet:
 * UTF-8 with a byte-order mark and `;` between cells, as French spreadsheets open it; amounts in
 * euros with a decimal comma. Quoting is csv-stringify's.
 */

const COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'payment_method',
  'total_eur',
  'email',
  'first_name',
  'last_name',
  'company',
  'flagged_reason',
  'license_count',
] as const;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) is prefixed with an apostrophe, so a name typed at checkout stays text
 * (CSV injection).
 */
export const neutraliseFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

const euros = (cents: number): string =>
  `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function ordersCsv(orders: readonly AdminOrder[]): string {
  return stringify(
    orders.map((order) => [
      order.order_number,
      order.created_at,
      order.status,
      order.payment_status,
      order.payment_method,
      euros(order.total),
      order.customer.email,
      order.customer.first_name,
      order.customer.last_name,
      order.customer.company,
      order.flagged_reason ?? '',
      String(order.license_count),
    ]),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: 'windows',
      header: true,
      columns: [...COLUMNS],
      cast: { string: neutraliseFormula },
    },
  );
}
