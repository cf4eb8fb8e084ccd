import { addDays, shopDay } from '@cadran/domain/paris-days';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { invoicesOf } from './invoices-helpers';
import { shopSuite } from './orders-helpers';
import { licensesOf, orderRow, placeWith } from './payments-helpers';
import { adminPost, auditOf, BANK_ENV, signedInStaff } from './staff-helpers';

/*
 * The payment date of a recorded bank transfer (docs/product.md 'Back office'): only the date
 * printed on the invoice. The invoice is dated and numbered when it is issued, in the current
 * year's series, and the licence term starts at fulfilment; a date before the order or in the
 * future is a 400 that changes nothing.
 */
describe('payment date of a recorded transfer', () => {
  const t = shopSuite({ env: BANK_ENV });
  let support: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    support = await signedInStaff(t.app, t.db, 'support');
  });

  const markPaid = (orderId: string, payload: Record<string, unknown>) =>
    adminPost(t.app, `/orders/${orderId}/mark-paid`, support.headers, payload);
  const transferOrder = async () =>
    (await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id)).order;

  it('refuses a date before the order, or in the future, and changes nothing', async () => {
    const order = await transferOrder();
    const today = shopDay(new Date());
    for (const paidAt of [
      '2024-03-15',
      '1970-01-01',
      addDays(today, -1),
      `${addDays(today, -2)}T10:00:00Z`,
    ]) {
      const res = await markPaid(order.id, { paid_at: paidAt });
      expect(res.statusCode, `${paidAt}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        errors: { paid_at: ['La date de paiement ne peut pas précéder la date de la commande'] },
      });
    }
    for (const paidAt of [
      addDays(today, 1),
      '2099-01-01',
      new Date(Date.now() + 3_600_000).toISOString(),
    ]) {
      const res = await markPaid(order.id, { paid_at: paidAt });
      expect(res.statusCode, `${paidAt}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        errors: { paid_at: ['La date de paiement ne peut pas être dans le futur'] },
      });
    }
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
    });
    expect(await invoicesOf(t.db, order.id)).toHaveLength(0);
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
    expect(await auditOf(t.db, order.id)).toHaveLength(0);
  });

  it('dates and numbers the invoice when it is issued; the payment date is only printed', async () => {
    // An order placed ten days ago whose transfer arrived five days ago, recorded today after
    // another transfer: its invoice follows that one in today's series.
    const earlier = await transferOrder();
    const order = await transferOrder();
    const placedAt = new Date(Date.now() - 10 * 86_400_000);
    await t.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, order.id));
    expect((await markPaid(earlier.id, {})).statusCode).toBe(200);

    const paidOn = addDays(shopDay(new Date()), -5);
    const before = Date.now();
    const res = await markPaid(order.id, { paid_at: paidOn, reference: 'VIR-118' });
    expect(res.statusCode, res.body).toBe(200);

    const [first] = await invoicesOf(t.db, earlier.id);
    const [invoice] = await invoicesOf(t.db, order.id);
    const year = new Date().getFullYear();
    expect(invoice!.number).toMatch(new RegExp(`^FA-${year}-\\d{5}$`));
    expect(invoice!.number > first!.number).toBe(true);
    expect(invoice!.issuedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(shopDay(new Date(invoice!.document.paidAt))).toBe(paidOn);

    // The licence's term starts now, not on the payment date: it is not born shortened.
    const [licence] = await licensesOf(t.db, order.id);
    expect(licence!.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(licence!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });
});
