import { quarterOf } from '@cadran/domain/accounting-period';
import { OssResponseSchema, PaymentsResponseSchema } from '@cadran/domain/accounting-exports';
import { shopDay } from '@cadran/domain/paris-days';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema/payments';
import { invoicesOf } from './invoices-helpers';
import {
  belgianBilling,
  item,
  openShop,
  orderBody,
  orderOf,
  placeOrder,
  type Shop,
} from './orders-helpers';
import { decide, orderRow, sandboxIdOf } from './payments-helpers';
import { adminGet, adminPost, signedInStaff } from './staff-helpers';
import { ViesStandIn } from './vies-stand-in';

/*
 * The accountant's exports over a sale whose VAT went back once staff confirmed the buyer's
 * number, then whose remainder was refunded (docs/decisions/055-delivery-address-and-vat-alone.md):
 * the credit note of the VAT alone counts for that VAT, the credit note of the remainder for
 * the net under the reverse charge, so the sale is cancelled to the cent in the journal, the
 * One-Stop-Shop return and the money refunded, which is what the provider gave back.
 */
describe('exports of a sale whose VAT went back, then whose remainder was refunded', () => {
  const vies = new ViesStandIn();
  let t: Shop;
  let admin: Record<string, string>;
  let order: NonNullable<Awaited<ReturnType<typeof orderRow>>>;
  const today = shopDay(new Date());
  const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

  beforeAll(async () => {
    await vies.start();
    // The Belgian register is down at the sale: the number is only format-checked, VAT charged.
    vies.set('BE0403170701', 'down');
    t = await openShop({ env: vies.env() });
    admin = (await signedInStaff(t.app, t.db, 'admin')).headers;
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { payment_method: 'stripe', billing_address: belgianBilling() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderOf(res);
    await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    const id = placed.order.id;
    const confirmed = await adminPost(t.app, `/orders/${id}/vat-number`, admin, {
      status: 'verified',
      note: 'Certificat reçu',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const refunded = await adminPost(t.app, `/orders/${id}/refund`, admin, { reason: 'Demande' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    order = (await orderRow(t.db, id))!;
    expect(order.taxCents).toBeGreaterThan(0);
    expect((await invoicesOf(t.db, id)).map((doc) => doc.kind).sort()).toEqual([
      'credit_note',
      'credit_note',
      'invoice',
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await vies.close();
  });

  it('books the sale, the VAT given back and the remainder: each account back to zero', async () => {
    const res = await adminGet(
      t.app,
      `/exports/sales-journal?from=${today}&to=${today}&format=fec`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body
      .replace(/\r\n$/, '')
      .split('\r\n')
      .slice(1)
      .map((line) => line.split('\t'));
    const sum = (pick: (row: string[]) => number, account?: string) =>
      rows.filter((row) => !account || row[4] === account).reduce((s, row) => s + pick(row), 0);
    const debit = (row: string[]) => cents(row[11]!);
    const credit = (row: string[]) => cents(row[12]!);
    expect(sum(debit)).toBe(sum(credit));
    for (const account of ['411', '706', '44571']) {
      expect(sum(debit, account), account).toBe(sum(credit, account));
    }
    // The invoice's customer debit, then two credits: the VAT, then what remained.
    expect(rows.filter((row) => row[4] === '411').map((row) => [debit(row), credit(row)])).toEqual([
      [order.totalCents, 0],
      [0, order.taxCents],
      [0, order.totalCents - order.taxCents],
    ]);
    expect(rows.every((row) => debit(row) >= 0 && credit(row) >= 0)).toBe(true);
  });

  it('takes the sale out of the One-Stop Shop once: its taxable amount and its VAT', async () => {
    const quarter = quarterOf(today);
    const res = await adminGet(t.app, `/exports/oss?quarter=${quarter}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const answer = OssResponseSchema.parse(res.json());
    const taxable = order.totalCents - order.taxCents;
    expect(
      answer.sales.map((row) => [row.country, cents(row.taxable_amount), cents(row.vat_amount)]),
    ).toEqual([['BE', taxable, order.taxCents]]);
    expect(
      answer.corrections.map((row) => [
        row.country,
        cents(row.taxable_amount),
        cents(row.vat_amount),
        row.documents,
      ]),
    ).toEqual([['BE', -taxable, -order.taxCents, 1]]);
    expect(answer.totals).toEqual({ taxable_amount: '0.00', vat_amount: '0.00' });
  });

  it('counts the money refunded as the provider gave it back, to the cent', async () => {
    const res = await adminGet(t.app, `/exports/payments?from=${today}&to=${today}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const answer = PaymentsResponseSchema.parse(res.json());
    const given = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const refunded = given.reduce((sum, row) => sum + row.amountCents, 0);
    expect(refunded).toBe(order.totalCents);
    expect(cents(answer.totals.received)).toBe(order.totalCents);
    expect(cents(answer.totals.refunded)).toBe(refunded);
    expect(answer.totals.net).toBe('0.00');
    expect(answer.days).toEqual([
      expect.objectContaining({ day: today, method: 'stripe', invoices: 1, credit_notes: 2 }),
    ]);
  });
});
