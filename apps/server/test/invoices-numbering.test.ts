import { formatInvoiceNumber, invoiceYear } from '@cadran/domain/invoice-numbers';
import { describe, expect, it } from 'vitest';
import { invoiceCounters, invoices } from '../src/db/schema/invoices';
import { takeNextNumber } from '../src/modules/invoices/repository';
import { testDbTarget } from './helper';
import { fulfilmentServers } from './invoices-helpers';
import { shopSuite } from './orders-helpers';
import { placeWith } from './payments-helpers';

const ORDER_COUNT = 100;

/**
 * Invoice numbers under load (docs/product.md 'Invoices' ('Numbers')): on PGlite and, in the
 * server-postgres project, on PostgreSQL through a pool whose connections run the payments'
 * transactions truly at once.
 */
describe(`invoice numbers of orders paid at once (${testDbTarget()})`, () => {
  // Placing a hundred orders from one account stays under the per-account limit this way.
  const t = shopSuite({ env: { RATE_LIMIT_MULTIPLIER: '10' } });

  it(`numbers ${ORDER_COUNT} orders paid together 1..${ORDER_COUNT}, without gap or duplicate`, async () => {
    const placed: string[] = [];
    for (let batch = 0; batch < ORDER_COUNT; batch += 10) {
      const orders = await Promise.all(
        Array.from({ length: 10 }, () => placeWith(t.app, t.alice, 'bank_transfer', t.pro.id)),
      );
      placed.push(...orders.map(({ order }) => order.id));
    }

    // Several server processes: on PostgreSQL, each with its own pool on the same database.
    // A payment that finds no free connection in time fails and, as a provider redelivers a
    // webhook, is sent again: its rolled-back transaction must have given its number back.
    const servers = await fulfilmentServers(t, 4);
    let redelivered = 0;
    const settle = async (orderId: string, server: number): Promise<{ kind: string }> => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await servers.list[server]!.settleBankTransfer({ orderId }, { actor: 'test' });
        } catch (error) {
          if (attempt >= 10) throw error;
          redelivered += 1;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    };
    const results = await Promise.all(
      placed.map((orderId, index) => settle(orderId, index % servers.list.length)),
    ).finally(servers.close);
    if (redelivered > 0) console.info(`${redelivered} payment(s) redelivered after a time-out`);
    // A redelivery may find its order paid by an attempt whose answer was lost: it then
    // changes nothing, and the checks below still see one invoice per order.
    for (const result of results) expect(['recorded', 'already_paid']).toContain(result.kind);

    const rows = await t.db.select().from(invoices);
    const year = invoiceYear(new Date());
    expect(rows).toHaveLength(ORDER_COUNT);
    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(placed));
    expect(rows.map((row) => row.number).sort()).toEqual(
      Array.from({ length: ORDER_COUNT }, (_, index) =>
        formatInvoiceNumber('invoice', year, index + 1),
      ),
    );
    expect(await t.db.select().from(invoiceCounters)).toEqual([
      { kind: 'invoice', year, lastNumber: ORDER_COUNT },
    ]);
  }, 180_000);

  it('gives a rolled-back number to the next issue, and counts each kind and year apart', async () => {
    const taken = (kind: 'invoice' | 'credit_note', year: number) =>
      t.db.transaction((tx) => takeNextNumber(tx, kind, year));
    await expect(
      t.db.transaction(async (tx) => {
        await takeNextNumber(tx, 'credit_note', 2031);
        throw new Error('payment failed after numbering');
      }),
    ).rejects.toThrow('payment failed after numbering');
    expect(await taken('credit_note', 2031)).toBe(1);
    expect(await taken('credit_note', 2031)).toBe(2);
    expect(await taken('invoice', 2031)).toBe(1);
    expect(await taken('credit_note', 2032)).toBe(1);
  });
});
