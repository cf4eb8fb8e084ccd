import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { payments } from '../src/db/schema/payments';
import { sessionCookie } from './auth-helpers';
import { ORDERS, buyer, cancelOrder, getAs, shopSuite, type Buyer } from './orders-helpers';
import { decide, eventsOf, licensesOf, orderRow, placeWith, sandboxIdOf } from './payments-helpers';

// A declined payment is paid again on the same order (docs/decisions/020-payment-attempts-per-order.md):
// a new attempt, at most one open at a time, only for the order's owner and only while the
// order can still be paid.

const attemptsOf = (db: Database, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));

const retry = (app: FastifyInstance, who: Buyer | null, orderId: string, lang = 'fr') =>
  app.inject({
    method: 'POST',
    url: `${ORDERS}/${orderId}/payments`,
    headers: { ...(who ? who.headers : {}), 'accept-language': lang },
    payload: {},
  });

describe('retrying a payment on the same order', () => {
  const t = shopSuite();
  let mallory: Buyer;

  beforeAll(async () => {
    mallory = await buyer(t.app);
  });

  /** A card order whose sandbox payment was declined. */
  async function declined(who: Buyer = t.alice) {
    const placed = await placeWith(t.app, who, 'stripe', t.pro.id);
    const res = await decide(t.app, who, sandboxIdOf(placed.payment_url), 'decline');
    expect(res.statusCode).toBe(200);
    return placed;
  }

  it('sends a declined payment to the failure page with its order number', async () => {
    const placed = await declined();
    const res = await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    // The first decision won: the attempt stays declined, and the page names the order.
    expect(res.json<{ redirect_url: string }>().redirect_url).toBe(
      `/store/order/failure?order=${placed.order.order_number}&error=declined`,
    );
  });

  it('opens a new attempt on the same order, which then pays it: licences and invoice', async () => {
    const placed = await declined();
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
    });

    const res = await retry(t.app, t.alice, placed.order.id, 'en');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{
      order: { id: string; order_number: string; status: string; payment_status: string };
      payment_url: string;
      message: string;
    }>();
    expect(body.order).toMatchObject({
      id: placed.order.id,
      order_number: placed.order.order_number,
      status: 'pending',
      payment_status: 'pending',
    });
    expect(body.message).toBe('New payment attempt opened for this order');
    expect(body.payment_url).not.toBe(placed.payment_url);

    const attempts = await attemptsOf(t.db, placed.order.id);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'pending']);
    expect(attempts[1]).toMatchObject({
      id: sandboxIdOf(body.payment_url),
      provider: 'sandbox',
      amountCents: attempts[0]!.amountCents,
    });

    // The order's read points at the open attempt, for the failure page.
    const read = await getAs(t.app, t.alice, `${ORDERS}/number/${placed.order.order_number}`);
    expect(read.json<{ order: { payment_url: string } }>().order.payment_url).toBe(
      body.payment_url,
    );

    const paid = await decide(t.app, t.alice, sandboxIdOf(body.payment_url), 'pay');
    expect(paid.json()).toMatchObject({
      payment: { status: 'succeeded' },
      redirect_url: `/store/order/success/${placed.order.order_number}`,
    });
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      flaggedReason: null,
    });
    expect(await licensesOf(t.db, placed.order.id)).toHaveLength(1);
    const steps = (await eventsOf(t.db, placed.order.id)).map((e) => [e.fromStatus, e.toStatus]);
    expect(steps).toEqual([
      [null, 'pending'],
      ['pending', 'failed'],
      ['failed', 'pending'],
      ['pending', 'processing'],
      ['processing', 'completed'],
    ]);
    const after = await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}`);
    expect(after.json()).toMatchObject({ order: { payment_url: null } });
    expect(after.json<{ order: { invoice: { number: string } } }>().order.invoice.number).toMatch(
      /^FA-\d{4}-\d{5}$/,
    );
  });

  it('gives one open attempt to a double click, and the same page to pay it', async () => {
    const placed = await declined();
    const answers = await Promise.all([1, 2, 3].map(() => retry(t.app, t.alice, placed.order.id)));
    const codes = answers.map((res) => res.statusCode);
    expect(
      codes.every((code) => code === 201 || code === 409),
      codes.join(),
    ).toBe(true);
    expect(codes).toContain(201);
    const attempts = await attemptsOf(t.db, placed.order.id);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'pending']);
    const urls = new Set(
      answers
        .filter((res) => res.statusCode === 201)
        .map((res) => res.json<{ payment_url: string }>().payment_url),
    );
    expect([...urls]).toEqual([attempts[1]!.paymentUrl]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({
        success: false,
        message:
          'Un paiement de cette commande est déjà en cours\u00a0: terminez-le sur la page de paiement',
      });
    }
  });

  it('refuses 409 while an attempt is open, and for a paid, cancelled or bank-transfer order', async () => {
    const open = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const openRes = await retry(t.app, t.alice, open.order.id, 'en');
    expect(openRes.statusCode).toBe(409);
    expect(openRes.json()).toEqual({
      success: false,
      message: 'A payment of this order is already under way: finish it on the payment page',
    });

    const paid = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    await decide(t.app, t.alice, sandboxIdOf(paid.payment_url), 'pay');

    const cancelled = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    expect((await cancelOrder(t.app, t.alice, cancelled.order.id)).statusCode).toBe(200);

    const transfer = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);

    for (const orderId of [paid.order.id, cancelled.order.id, transfer.order.id]) {
      const before = await attemptsOf(t.db, orderId);
      const res = await retry(t.app, t.alice, orderId, 'en');
      expect(res.statusCode, orderId).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/^This order cannot be paid again/);
      expect(await attemptsOf(t.db, orderId)).toEqual(before);
    }
  });

  it('answers 404 for another account’s order, 401 signed out, and 404 or 400 for bad ids, never 500', async () => {
    const placed = await declined();
    const foreign = await retry(t.app, mallory, placed.order.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Commande non trouvée' });
    expect((await retry(t.app, null, placed.order.id)).statusCode).toBe(401);

    for (const bad of [
      'nope',
      '00000000-0000-4000-8000-000000000000',
      "1' OR '1'='1",
      placed.order.order_number,
      `${placed.order.id}x`,
      '%00',
      'x'.repeat(101),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${ORDERS}/${encodeURIComponent(bad)}/payments`,
        headers: t.alice.headers,
        payload: {},
      });
      expect([400, 404], `${bad}: ${res.body}`).toContain(res.statusCode);
    }
    // Nothing of the above opened an attempt or moved the order.
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual(['failed']);
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({ status: 'failed' });
  });

  it('treats a retried order as awaiting its provider: not cancellable while its attempt is open', async () => {
    const placed = await declined();
    expect((await retry(t.app, t.alice, placed.order.id)).statusCode).toBe(201);
    const res = await cancelOrder(t.app, t.alice, placed.order.id);
    expect(res.statusCode).toBe(409);
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual([
      'failed',
      'pending',
    ]);
  });

  it('needs the session cookie of the owner, not only the id', async () => {
    const placed = await declined();
    const res = await t.app.inject({
      method: 'POST',
      url: `${ORDERS}/${placed.order.id}/payments`,
      headers: sessionCookie(t.alice.token),
      payload: {},
    });
    // Without the page's own origin the CSRF guard refuses before anything is read.
    expect(res.statusCode).toBe(403);
    expect((await attemptsOf(t.db, placed.order.id)).map((a) => a.status)).toEqual(['failed']);
  });
});
