import { AdminOrderDetailResponseSchema } from '@cadran/domain/staff-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { users } from '../src/db/schema/users';
import { pdfText } from './invoices-helpers';
import {
  belgianBilling,
  getAs,
  item,
  openShop,
  orderBody,
  orderOf,
  ORDERS,
  placeOrder,
  type Shop,
} from './orders-helpers';
import { decide, sandboxIdOf } from './payments-helpers';
import { ADMIN, adminGet, adminPost, auditOf, BANK_ENV, signedInStaff } from './staff-helpers';
import { ViesStandIn } from './vies-stand-in';

/*
 * The order page staff work from (docs/product.md 'Back office'): the VAT number and its check,
 * amounts before VAT, of VAT and with VAT per line and in total, the cycle of each line, the
 * invoice and credit notes as links that download their PDFs, and what staff typed when they
 * recorded a transfer.
 */
describe('the staff order page', () => {
  const vies = new ViesStandIn();
  let t: Shop;
  let support: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    await vies.start();
    // The Belgian register is down when the order is placed: the number is only format-checked.
    vies.set('BE0403170701', 'down');
    t = await openShop({
      env: {
        ...vies.env(),
        ...BANK_ENV,
      },
    });
    support = (await signedInStaff(t.app, t.db, 'support')).headers;
    admin = (await signedInStaff(t.app, t.db, 'admin')).headers;
  });
  afterAll(async () => {
    await t?.close();
    await vies.close();
  });

  const belgianOrder = async (method: 'stripe' | 'bank_transfer') => {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id, { quantity: 2 }), item(t.agence.id)], {
        payment_method: method,
        billing_address: belgianBilling(),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderOf(res);
  };

  const detail = async (id: string) => {
    const res = await adminGet(t.app, `/orders/${id}`, support);
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrderDetailResponseSchema.parse(res.json()).order;
  };

  it('shows the VAT number, its check, and amounts that add up per line and in total', async () => {
    const placed = await belgianOrder('stripe');
    expect((await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay')).statusCode).toBe(
      200,
    );
    const order = await detail(placed.order.id);
    expect(order).toMatchObject({
      vat_number: 'BE0403170701',
      vat_number_status: 'format_checked',
      tax_rate_basis_points: 2100,
    });
    expect(order.lines.map((line) => [line.quantity, line.billing_cycle])).toEqual([
      [2, 'annually'],
      [1, 'monthly'],
    ]);
    const sum = (pick: (line: (typeof order.lines)[number]) => number) =>
      order.lines.reduce((acc, line) => acc + pick(line), 0);
    expect(sum((line) => line.total_excl_tax)).toBe(order.taxable);
    expect(sum((line) => line.tax)).toBe(order.tax);
    expect(sum((line) => line.total_incl_tax)).toBe(order.total);
    expect(order.taxable + order.tax).toBe(order.total);
    expect(order.transfer).toBeNull();

    // The invoice link downloads the PDF as issued, for support staff too.
    expect(order.invoice?.url).toBe(`${ADMIN}/orders/${order.id}/invoice`);
    const pdf = await t.app.inject({ url: order.invoice?.url ?? '', headers: support });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain(order.invoice?.number ?? '-');
    // A buyer, even the order's own, cannot reach the staff address.
    const asBuyer = await t.app.inject({ url: order.invoice?.url ?? '', headers: t.alice.headers });
    expect(asBuyer.statusCode).toBe(403);
  });

  it('links the credit notes, and finds nothing under any other number', async () => {
    const placed = await belgianOrder('stripe');
    await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    const refunded = await adminPost(t.app, `/orders/${placed.order.id}/refund`, admin, {
      reason: 'Commande en double',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const order = await detail(placed.order.id);
    const [note] = order.credit_notes;
    expect(note?.url).toBe(`${ADMIN}/orders/${order.id}/credit-notes/${note?.number}`);
    const pdf = await t.app.inject({ url: note?.url ?? '', headers: support });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(note?.number ?? '-');
    for (const number of [order.invoice?.number ?? 'FA', 'AV-2026-99999', 'x%00y']) {
      const other = await adminGet(t.app, `/orders/${order.id}/credit-notes/${number}`, support);
      expect(other.statusCode, number).toBe(404);
    }
    const unknown = await adminGet(
      t.app,
      '/orders/00000000-0000-4000-8000-000000000000/invoice',
      support,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the bank reference staff typed when recording the transfer', async () => {
    const placed = await belgianOrder('bank_transfer');
    const recorded = await adminPost(t.app, `/orders/${placed.order.id}/mark-paid`, admin, {
      reference: 'VIR SEPA 2026-11-27 DUMONT',
      note: 'Relevé du 27 novembre',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const order = await detail(placed.order.id);
    expect(order.transfer).toMatchObject({
      bank_reference: 'VIR SEPA 2026-11-27 DUMONT',
      note: 'Relevé du 27 novembre',
      // No payment date typed: the page shows the day staff recorded it.
      paid_at: null,
    });
    const recordedAt = Date.parse(order.transfer?.recorded_at ?? '');
    expect(Date.now() - recordedAt).toBeLessThan(60_000);
    expect(recordedAt).toBeGreaterThanOrEqual(Date.parse(order.created_at));
  });

  it('gives the delivery address to staff and to the owner when it differs, else null', async () => {
    const delivery = {
      first_name: 'Jan',
      last_name: 'Weber',
      company: 'Weber Uhren GmbH',
      address_line_1: 'Unter den Linden 5',
      address_line_2: '',
      city: 'Berlin',
      postal_code: '10117',
      country: 'DE',
    };
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        payment_method: 'bank_transfer',
        billing_address: belgianBilling(),
        delivery_address: delivery,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderOf(res);
    expect((await detail(placed.order.id)).delivery_address).toEqual(delivery);
    const owner = await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}`);
    expect(owner.statusCode).toBe(200);
    expect(owner.json<{ order: { delivery_address: unknown } }>().order.delivery_address).toEqual(
      delivery,
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.deliveryAddress).toMatchObject({ city: 'Berlin', country: 'DE' });

    const billedThere = await belgianOrder('stripe');
    expect((await detail(billedThere.order.id)).delivery_address).toBeNull();
  });

  it('lets staff reject or confirm a number by hand, with a note, audited', async () => {
    const placed = await belgianOrder('stripe');
    await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    const url = `/orders/${placed.order.id}/vat-number`;
    expect((await adminPost(t.app, url, admin, { status: 'rejected' })).statusCode).toBe(400);
    expect(
      (await adminPost(t.app, url, support, { status: 'rejected', note: 'x' })).statusCode,
    ).toBe(403);
    expect((await detail(placed.order.id)).vat_number_status).toBe('format_checked');

    const rejected = await adminPost(t.app, url, admin, {
      status: 'rejected',
      note: 'Société radiée au registre belge',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const order = AdminOrderDetailResponseSchema.parse(rejected.json()).order;
    expect(order.vat_number_status).toBe('rejected');
    expect(order.events.at(-1)?.reason).toBe(
      'VAT number rejected (staff): Société radiée au registre belge',
    );
    const [entry] = await auditOf(t.db, placed.order.id);
    expect(entry).toMatchObject({
      action: 'order.vat_number',
      after: { vat_number_status: 'rejected', note: 'Société radiée au registre belge' },
    });

    const french = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]));
    const none = await adminPost(t.app, `/orders/${orderOf(french).order.id}/vat-number`, admin, {
      status: 'verified',
      note: 'Certificat reçu',
    });
    expect(none.statusCode).toBe(409);
  });

  it('asks VIES again: a confirmed number settles the order and is kept on the account', async () => {
    const placed = await belgianOrder('stripe');
    await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    // Still down: nothing changes.
    expect(await t.app.orders.recheckVatNumbers(new Date())).toMatchObject({ confirmed: 0 });
    expect((await detail(placed.order.id)).vat_number_status).toBe('format_checked');

    vies.set('BE0403170701', 'valid');
    const result = await t.app.orders.recheckVatNumbers(new Date());
    expect(result.confirmed).toBeGreaterThanOrEqual(1);
    const order = await detail(placed.order.id);
    expect(order.vat_number_status).toBe('verified');
    expect(order.events.at(-1)?.reason).toMatch(/^VAT number confirmed \(VIES \S+\)$/);
    const [account] = await t.db.select().from(users).where(eq(users.id, t.alice.userId));
    expect(account?.vatNumber).toBe('BE0403170701');
    // An order staff rejected by hand is not overturned by the next run.
    const rejected = (
      await t.db.select().from(orders).where(eq(orders.vatNumberStatus, 'rejected'))
    ).length;
    expect(rejected).toBeGreaterThanOrEqual(1);
  });
});
