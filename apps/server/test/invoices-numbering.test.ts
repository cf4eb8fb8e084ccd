import { formatInvoiceNumber, invoiceYear } from '@cadran/domain/invoice-numbers';
import { describe, expect, it } from 'vitest';
import { invoiceCounters, invoices } from '../src/db/schema/invoices';
import { takeNextNumber } from '../src/modules/invoices/repository';
import { testDbTarget } from './helper';
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

    const results = await Promise.all(
      placed.map((orderId) => t.app.fulfilment.settleBankTransfer({ orderId }, { actor: 'test' })),
    );
    expect(results.map((result) => result.kind)).toEqual(placed.map(() => 'recorded'));

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
