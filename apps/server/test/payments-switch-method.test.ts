import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { payments } from '../src/db/schema/payments';
import {
  ORDERS,
  buyer,
  cancelOrder,
  getAs,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  type Buyer,
} from './orders-helpers';
import {
  decide,
  eventsOf,
  licensesOf,
  mailsAfterInstructions,
  orderRow,
  sandboxIdOf,
} from './payments-helpers';

// A declined card order is paid again by another method, or cancelled, from its page in the
// client area (docs/product.md 'Payment' ('Paying again on the same order'), 'Cancellation').

const attemptsOf = (db: Database, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));

const payAgain = (
  app: FastifyInstance,
  who: Buyer,
  orderId: string,
  payload: Record<string, unknown>,
  lang = 'fr',
) =>
  app.inject({
    method: 'POST',
    url: `${ORDERS}/${orderId}/payments`,
    headers: { ...who.headers, 'accept-language': lang },
    payload,
  });

describe('a declined card order switched to another method, or cancelled', () => {
  const t = shopSuite();
  let mallory: Buyer;

  beforeAll(async () => {
    mallory = await buyer(t.app);
  });

  async function declined(payload: Record<string, unknown> = {}) {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { payment_method: 'stripe', ...payload }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderOf(res);
    const decision = await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'decline');
    expect(decision.statusCode).toBe(200);
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({ status: 'failed' });
    return placed;
  }

  it('pays it by PayPal on the same order: a new attempt, the method changed, then fulfilled', async () => {
    const placed = await declined();
    const res = await payAgain(t.app, t.alice, placed.order.id, { payment_method: 'paypal' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ order: Record<string, unknown>; payment_url: string }>();
    expect(body.order).toMatchObject({
      id: placed.order.id,
      payment_method: 'paypal',
      status: 'pending',
      payment_status: 'pending',
    });
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({ paymentMethod: 'paypal' });
    // The history says which method it was and which it became, before the new attempt.
    const history = (await eventsOf(t.db, placed.order.id)).map((e) => e.reason);
    expect(history.slice(-2)).toEqual([
      'payment method changed from stripe to paypal',
      expect.stringMatching(/^payment retried by the customer/),
    ]);
    const owner = await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}`);
    expect(owner.json<{ order: { events: { reason: string | null }[] } }>().order.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'payment method changed from stripe to paypal' }),
      ]),
    );
    const attempts = await attemptsOf(t.db, placed.order.id);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'pending']);
    expect(attempts[1]!.id).toBe(sandboxIdOf(body.payment_url));

    await decide(t.app, t.alice, sandboxIdOf(body.payment_url), 'pay');
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'paypal',
    });
    expect(await licensesOf(t.db, placed.order.id)).toHaveLength(1);
  });

  it('switches it to a bank transfer: no payment page, unpaid, the details shown and mailed once', async () => {
    const placed = await declined();
    const res = await payAgain(
      t.app,
      t.alice,
      placed.order.id,
      { payment_method: 'bank_transfer' },
      'en',
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{
      order: Record<string, unknown>;
      payment_url: string | null;
      message: string;
    }>();
    expect(body.payment_url).toBeNull();
    expect(body.message).toBe(
      'The order is now paid by bank transfer: the bank details have been e-mailed to you',
    );
    expect(body.order).toMatchObject({
      payment_method: 'bank_transfer',
      status: 'pending',
      payment_status: 'unpaid',
      bank_transfer: { reference: placed.order.order_number },
    });
    const attempts = await attemptsOf(t.db, placed.order.id);
    expect(attempts.map((a) => [a.provider, a.status])).toEqual([
      ['sandbox', 'failed'],
      ['bank_transfer', 'pending'],
    ]);
    expect(attempts[1]!.providerReference).toBe(placed.order.order_number);
    expect((await eventsOf(t.db, placed.order.id)).map((e) => e.reason)).toContain(
      'payment method changed from stripe to bank_transfer',
    );
    const mails = await mailsAfterInstructions(t, t.alice.email);
    expect(
      mails.filter((mail) => mail.subject.includes(placed.order.order_number)).length,
    ).toBeGreaterThanOrEqual(1);
    const instructions = mails.filter(
      (mail) =>
        mail.subject.includes(placed.order.order_number) && /virement|transfer/i.test(mail.subject),
    );
    expect(instructions).toHaveLength(1);

    // Waiting for the transfer, it is not paid again online, and it can still be cancelled.
    const again = await payAgain(t.app, t.alice, placed.order.id, { payment_method: 'paypal' });
    expect(again.statusCode).toBe(409);
    expect((await cancelOrder(t.app, t.alice, placed.order.id)).statusCode).toBe(200);
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
    });
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual([
      'failed',
      'cancelled',
    ]);
  });

  it('cancels the failed order itself, which then cannot be paid again', async () => {
    const placed = await declined();
    const res = await cancelOrder(t.app, t.alice, placed.order.id, { reason: 'changed my mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'cancelled', payment_status: 'failed' } });
    const steps = (await eventsOf(t.db, placed.order.id)).map((e) => [e.fromStatus, e.toStatus]);
    expect(steps).toEqual([
      [null, 'pending'],
      ['pending', 'failed'],
      ['failed', 'cancelled'],
    ]);
    const retry = await payAgain(t.app, t.alice, placed.order.id, { payment_method: 'paypal' });
    expect(retry.statusCode).toBe(409);
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual(['failed']);
  });

  it('keeps an order that renews its licence by itself off bank transfer (409), unchanged', async () => {
    const placed = await declined({ auto_renew: true });
    const res = await payAgain(t.app, t.alice, placed.order.id, {
      payment_method: 'bank_transfer',
    });
    expect(res.statusCode, res.body).toBe(409);
    const refusal = res.json<{ success: boolean; message: string }>();
    expect(refusal.success).toBe(false);
    expect(refusal.message).toMatch(
      /^Cette commande renouvelle sa licence automatiquement\s: elle se paie par carte ou PayPal$/u,
    );
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'failed',
      paymentMethod: 'stripe',
    });
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual(['failed']);
    expect((await eventsOf(t.db, placed.order.id)).map((e) => e.reason)).not.toContainEqual(
      expect.stringMatching(/^payment method changed/),
    );
  });

  it('answers another account 404 and a bad method 400 in the visitor’s language, changing nothing', async () => {
    const placed = await declined();
    const foreign = await payAgain(t.app, mallory, placed.order.id, { payment_method: 'paypal' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Commande non trouvée' });
    const foreignCancel = await cancelOrder(t.app, mallory, placed.order.id);
    expect(foreignCancel.statusCode).toBe(404);

    for (const payload of [
      { payment_method: 'cash' },
      { payment_method: 42 },
      { payment_method: null },
      [],
    ]) {
      const res = await payAgain(t.app, t.alice, placed.order.id, payload as never, 'en');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ success: boolean; message: string }>().success).toBe(false);
    }
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
      paymentMethod: 'stripe',
    });
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual(['failed']);
  });
});
