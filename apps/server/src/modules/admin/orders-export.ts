import type { AdminOrder } from '@cadran/domain/staff-orders';
import { toCsv } from '../../http/csv';

/**
 * The CSV of the back-office order list (docs/product.md 'Back office'), written by the one CSV
 * writer of every export (`http/csv.ts`: byte-order mark, `;`, quoted line breaks, formulas kept
 * as text); amounts in euros with a decimal comma.
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

const euros = (cents: number): string =>
  `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function ordersCsv(orders: readonly AdminOrder[]): string {
  return toCsv(
    COLUMNS,
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
  );
}
