import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDir, queryRows } from '../../../apps/server/src/db/client';
import type { Ledger } from './ledger';

/**
 * Reads the database behind a stopped (PGlite) or running (PostgreSQL) server and holds the
 * ledger against it: every acknowledged order present exactly once with its lines and
 * consistent amounts, no order anywhere without lines, one order per idempotency key.
 */

export type DatabaseLocation =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

interface OrderRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  user_id: string;
  idempotency_key: string | null;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  status: string;
  payment_status: string;
  item_count: number;
  item_sum: number | null;
  license_count: number;
}

export interface Verification {
  ordersInDatabase: number;
  acknowledged: number;
  /** Orders whose creation committed but whose answer never reached the client. */
  unacknowledged: number;
  paymentsInDatabase: number;
  paidOrders: number;
  licences: number;
  problems: string[];
}

export async function verifyLedger(
  location: DatabaseLocation,
  ledger: Ledger,
): Promise<Verification> {
  const handle = await openDatabase(
    location.kind === 'pglite'
      ? { kind: 'pglite', dataDir: pgliteDir(location.dataDir) }
      : { kind: 'postgres', url: location.url, maxConnections: 1 },
  );
  try {
    const rows = await queryRows<OrderRow>(
      handle.db,
      sql`select o.id, o.order_number, o.user_id, o.idempotency_key, o.subtotal_cents, o.tax_cents,
                 o.total_cents, o.status, o.payment_status, count(i.id)::int as item_count,
                 sum(i.total_price_cents)::int as item_sum,
                 (select count(*)::int from licenses l where l.order_id = o.id) as license_count
          from orders o left join order_items i on i.order_id = o.id
          group by o.id`,
    );
    const [payments] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from payments`,
    );
    // An order may have several payment attempts (a declined one paid again), never two open
    // at once (docs/decisions/020-payment-attempts-per-order.md).
    const doublyOpen = await queryRows<{ order_id: string; open: number }>(
      handle.db,
      sql`select order_id, count(*)::int as open from payments
          where status in ('created', 'pending') group by order_id having count(*) > 1`,
    );
    const problems: string[] = doublyOpen.map(
      (row) => `order ${row.order_id} has ${row.open} open payment attempts`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const byKey = new Map<string, OrderRow[]>();
    for (const row of rows) {
      if (row.item_count === 0) problems.push(`order ${row.order_number} has no items`);
      else if (Number(row.item_sum) !== Number(row.subtotal_cents))
        problems.push(
          `order ${row.order_number}: items sum to ${row.item_sum}, subtotal ${row.subtotal_cents}`,
        );
      if (Number(row.subtotal_cents) + Number(row.tax_cents) !== Number(row.total_cents))
        problems.push(`order ${row.order_number}: subtotal + tax != total`);
      const paid = row.payment_status === 'paid';
      if (paid !== row.license_count > 0)
        problems.push(
          `order ${row.order_number}: payment ${row.payment_status} with ${row.license_count} licences`,
        );
      if (row.idempotency_key) {
        const scoped = `${row.user_id}/${row.idempotency_key}`;
        byKey.set(scoped, [...(byKey.get(scoped) ?? []), row]);
      }
    }
    for (const [scoped, list] of byKey)
      if (list.length > 1) problems.push(`key ${scoped} has ${list.length} orders (duplicate)`);
    for (const ack of ledger.orders.values()) {
      const row = byId.get(ack.id);
      if (!row) {
        problems.push(`acknowledged order ${ack.number} (${ack.id}) is missing (lost)`);
        continue;
      }
      if (
        row.order_number !== ack.number ||
        row.user_id !== ack.userId ||
        row.idempotency_key !== ack.key
      )
        problems.push(`order ${ack.number}: stored number, owner or key differ from the answer`);
      if (
        Number(row.total_cents) !== ack.totalCents ||
        Number(row.subtotal_cents) !== ack.subtotalCents
      )
        problems.push(`order ${ack.number}: stored amounts differ from the answer`);
      if (row.item_count !== ack.itemCount)
        problems.push(
          `order ${ack.number}: ${row.item_count} items stored, ${ack.itemCount} answered`,
        );
    }
    for (const [orderId, decision] of ledger.decisions) {
      const row = byId.get(orderId);
      const expected =
        decision === 'pay'
          ? { status: 'completed', payment_status: 'paid' }
          : { status: 'failed', payment_status: 'failed' };
      if (!row) problems.push(`order ${orderId} with an acknowledged payment decision is missing`);
      else if (row.status !== expected.status || row.payment_status !== expected.payment_status)
        problems.push(
          `order ${row.order_number}: acknowledged ${decision}, stored ${row.status}/${row.payment_status}`,
        );
    }
    problems.push(...ledger.conflicts);
    return {
      ordersInDatabase: rows.length,
      acknowledged: ledger.size,
      unacknowledged: rows.length - [...ledger.orders.keys()].filter((id) => byId.has(id)).length,
      paymentsInDatabase: payments?.n ?? 0,
      paidOrders: rows.filter((row) => row.payment_status === 'paid').length,
      licences: rows.reduce((sum, row) => sum + Number(row.license_count), 0),
      problems,
    };
  } finally {
    await handle.close();
  }
}
