import { AdminOrdersResponseSchema, MarkPaidResponseSchema } from '@cadran/domain/staff-orders';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema/payments';
import {
  mailTransferInstructions,
  TRANSFER_INSTRUCTIONS_JOB,
} from '../src/modules/payments/transfer-instructions';
import { sessionCookie } from './auth-helpers';
import {
  billing,
  buyer,
  getAs,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
} from './orders-helpers';
import {
  licensesOf,
  mailsAfterInstructions,
  orderRow,
  paymentOf,
  placeWith,
  transferJobsFor,
} from './payments-helpers';
import { bearerHeaders, signedInAdmin, signedInClient } from './realtime-helpers';

const ADMIN_ORDERS = '/api/v1/admin/orders';

// A bank-transfer order gets the instructions at creation and on its success page,
// stays pending until an administrator records the transfer, which runs the fulfilment.
describe('bank transfer and the admin order API', () => {
  const t = shopSuite({
    env: {
      BANK_IBAN: 'FR76 3000 6000 0112 3456 7890 189',
      BANK_BIC: 'agrifrpp',
      BANK_HOLDER: 'Cadran SAS',
    },
  });
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
  });

  const markPaid = (orderId: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${ADMIN_ORDERS}/${orderId}/mark-paid`,
      headers: admin,
      payload,
    });

  it('answers no payment URL, the bank details with the order number, and e-mails them once', async () => {
    const key = { 'idempotency-key': `transfer-${Date.now()}` };
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id, { headers: key });
    expect(placed.payment_url).toBeNull();
    const details = {
      holder: 'Cadran SAS',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPP',
      reference: placed.order.order_number,
    };
    expect(placed.order).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
      bank_transfer: details,
    });
    const read = await getAs(
      t.app,
      t.alice,
      `/api/v1/website/orders/number/${placed.order.order_number}`,
    );
    expect(read.json<{ order: { bank_transfer: unknown } }>().order.bank_transfer).toEqual(details);
    expect(await paymentOf(t.db, placed.order.id)).toMatchObject({
      provider: 'bank_transfer',
      status: 'pending',
      providerReference: placed.order.order_number,
      paymentUrl: null,
    });

    await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id, { headers: key });
    const mails = (await mailsAfterInstructions(t, t.alice.email)).filter(
      (m) => m.kind === 'transfer_instructions' && m.subject.includes(placed.order.order_number),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(
      `Commande ${placed.order.order_number}\u00a0: nos coordonnées pour votre virement`,
    );
    for (const text of [
      details.iban,
      details.bic,
      details.holder,
      placed.order.order_number,
      '588,00',
    ]) {
      expect(mail.textBody).toContain(text);
    }
  });

  it('never lets a buyer make the shop e-mail a stranger through the billing address', async () => {
    const victim = `victim.${Date.now()}@exemple.org`;
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        payment_method: 'bank_transfer',
        billing_address: billing({
          email: victim,
          first_name: 'Votre compte est suspendu, appelez le 01 23 45 67 89',
        }),
      }),
    );
    expect(res.statusCode).toBe(201);
    const number = orderOf(res).order.order_number;
    expect(await mailsAfterInstructions(t, victim)).toHaveLength(0);
    const mine = (await mailsAfterInstructions(t, t.alice.email)).filter((m) =>
      m.subject.includes(number),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.textBody).not.toContain('appelez');
  });

  it('writes the instructions in English for an order placed in English', async () => {
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id, {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const mail = (await mailsAfterInstructions(t, t.alice.email)).find((m) =>
      m.subject.includes(placed.order.order_number),
    );
    expect(mail?.subject).toBe(
      `Order ${placed.order.order_number}: our bank details for your transfer`,
    );
    expect(mail?.textBody).toContain('€588.00');
  });

  it('draws the instructions in a job, once per payment however often the job runs', async () => {
    // Written by the order's transaction; drawn and queued after the request answered.
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const payment = await paymentOf(t.db, placed.order.id);
    const jobs = await transferJobsFor(t.db, payment!.id);
    expect(jobs).toHaveLength(1);

    await t.app.jobs.drain(TRANSFER_INSTRUCTIONS_JOB.name);
    // A job run again after a crash that came once the mail was written queues nothing more.
    expect(await mailTransferInstructions(t.app.payments, payment!.id)).toBe('already');
    const mails = (await mailsAfterInstructions(t, t.alice.email)).filter((m) =>
      m.subject.includes(placed.order.order_number),
    );
    expect(mails.map((m) => m.id)).toEqual([payment!.id]);
  });

  it('sends no instructions for an order cancelled before its job ran', async () => {
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const payment = await paymentOf(t.db, placed.order.id);
    await t.db.update(payments).set({ status: 'cancelled' }).where(eq(payments.id, payment!.id));
    expect(await mailTransferInstructions(t.app.payments, payment!.id)).toBe('skipped');
    expect(await mailTransferInstructions(t.app.payments, randomUUID())).toBe('skipped');
  });

  it('keeps the admin order routes for administrators', async () => {
    const client = bearerHeaders((await signedInClient(t.app)).token);
    const { order } = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    for (const route of [
      { method: 'GET' as const, url: ADMIN_ORDERS },
      { method: 'POST' as const, url: `${ADMIN_ORDERS}/${order.id}/mark-paid`, payload: {} },
    ]) {
      expect((await t.app.inject(route)).statusCode).toBe(401);
      const asClient = await t.app.inject({ ...route, headers: client });
      expect(asClient.statusCode).toBe(403);
      // The order's owner is a client too: no paying one's own order.
      const asOwner = await t.app.inject({ ...route, headers: sessionCookie(t.alice.token) });
      expect(asOwner.statusCode).toBe(403);
    }
    expect((await orderRow(t.db, order.id))?.paymentStatus).toBe('unpaid');
  });

  it('marks a transfer paid: licences, confirmation, completed; a second time is a 409', async () => {
    const { order } = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const res = await markPaid(order.id, { note: 'Relevé du 12/03' });
    expect(res.statusCode).toBe(200);
    const body = MarkPaidResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      outcome: 'fulfilled',
      order: { id: order.id, status: 'completed', payment_status: 'paid', license_count: 1 },
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
    expect((await paymentOf(t.db, order.id))?.status).toBe('succeeded');
    const confirmation = (await mailsAfterInstructions(t, t.alice.email)).filter(
      (m) => m.kind === 'order_confirmation' && m.subject.includes(order.order_number),
    );
    expect(confirmation).toHaveLength(1);

    const again = await markPaid(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'Cette commande est déjà payée' });
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
  });

  it('flags a transfer of another amount, and refuses card orders, cancelled ones and unknown ids', async () => {
    const short = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const res = await markPaid(short.order.id, { amount: '500.00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'flagged', order: { payment_status: 'unpaid' } });
    expect((await orderRow(t.db, short.order.id))?.flaggedReason).toMatch(
      /amount mismatch: received 500\.00 EUR, expected 588\.00 EUR/,
    );
    expect(await licensesOf(t.db, short.order.id)).toHaveLength(0);

    const card = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    expect((await markPaid(card.order.id)).json()).toEqual({
      success: false,
      message: 'Seules les commandes réglées par virement peuvent être marquées payées à la main',
    });

    const cancelled = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/website/orders/${cancelled.order.id}/cancel`,
      headers: t.alice.headers,
      payload: { reason: 'erreur' },
    });
    expect((await markPaid(cancelled.order.id)).statusCode).toBe(409);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'CAD-2026-ZZZZZZZZ', '%27']) {
      expect((await markPaid(id)).statusCode, id).toBe(404);
    }
    expect((await markPaid(short.order.id, { amount: '-5' })).statusCode).toBe(400);
  });

  it('lists orders newest first with filters and search', async () => {
    const other = await buyer(t.app);
    const flagged = await placeWith(t.app, other, 'bank_transfer', t.pro.id);
    await markPaid(flagged.order.id, { amount: '1.00' });

    const all = AdminOrdersResponseSchema.parse(
      (await t.app.inject({ url: ADMIN_ORDERS, headers: admin })).json(),
    );
    expect(all.total).toBeGreaterThan(3);
    const dates = all.items.map((o) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const query = async (qs: string) =>
      AdminOrdersResponseSchema.parse(
        (await t.app.inject({ url: `${ADMIN_ORDERS}?${qs}`, headers: admin })).json(),
      );
    const paid = await query('payment_status=paid&payment_method=bank_transfer');
    expect(paid.items.length).toBeGreaterThan(0);
    expect(paid.items.every((o) => o.payment_status === 'paid' && o.license_count > 0)).toBe(true);
    const cards = await query('payment_method=stripe&status=pending');
    expect(cards.items.every((o) => o.payment_method === 'stripe' && o.status === 'pending')).toBe(
      true,
    );
    const byNumber = await query(`q=${flagged.order.order_number.slice(-5).toLowerCase()}`);
    expect(byNumber.items.map((o) => o.id)).toContain(flagged.order.id);
    const onlyFlagged = await query('flagged=true');
    expect(onlyFlagged.items.map((o) => o.id)).toContain(flagged.order.id);
    expect(onlyFlagged.items.every((o) => o.flagged_reason !== null)).toBe(true);
    const wildcard = await query('q=%25');
    expect(wildcard.total).toBe(0);
    const page = await query('limit=1&offset=1');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.id).toBe(all.items[1]?.id);

    const bad = await t.app.inject({ url: `${ADMIN_ORDERS}?status=shipped`, headers: admin });
    expect(bad.statusCode).toBe(400);
  });
});
