import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './fake-providers';
import { cancelOrder, item, orderBody, placeOrder } from './orders-helpers';
import {
  deliverStripeEvent,
  licensesOf,
  mailsTo,
  orderRow,
  paymentEventsOf,
  paidSession,
  paymentOf,
  placeAtProvider,
  placeWith,
  postStripeWebhook,
  providerShopSuite,
  signStripe,
  stripeSettings,
  stripeEvent,
} from './payments-helpers';

// Stripe Checkout through the official SDK against a local server that
// plays Stripe's API, and webhooks signed with the SDK's own test helper, so the real
// signature verification runs.
describe('Stripe Checkout and webhooks', () => {
  const t = providerShopSuite(stripeSettings);

  /** A paid card order's Checkout Session as the fake created it. */
  async function cardOrder(headers: Record<string, string> = {}) {
    const { reference, ...placed } = await placeAtProvider(t, t.alice, 'stripe', t.pro.id, headers);
    return { ...placed, sessionId: reference };
  }

  /** The status the webhook answers a signed Checkout Session event with. */
  const delivered = async (type: string, session: Record<string, unknown>) =>
    (await deliverStripeEvent(t.app, type, session)).statusCode;

  it('creates a Checkout Session with the lines, the VAT, e-mail, locale, URLs and our idempotency key', async () => {
    const before = t.fake.requestsTo('/v1/checkout/sessions').length;
    const key = { 'idempotency-key': `stripe-${Date.now()}`, 'accept-language': 'en' };
    const { order, payment_url, sessionId } = await cardOrder(key);
    expect(payment_url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const calls = t.fake.requestsTo('/v1/checkout/sessions').slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.headers['idempotency-key']).toBe(
      `cadran-checkout-${(await paymentOf(t.db, order.id))?.id}`,
    );
    const params = parseStripeForm(call.body);
    expect(params).toMatchObject({
      mode: 'payment',
      customer_email: 'camille@exemple.fr',
      locale: 'en',
      client_reference_id: order.id,
      metadata: { order_id: order.id, order_number: order.order_number },
      // An English order comes back to the English pages.
      success_url: `https://shop.cadran.test/en/store/order/success/${order.order_number}`,
      line_items: {
        0: {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '49000',
            product_data: { name: 'Cadran CMS · Pro' },
          },
        },
        1: {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '9800', product_data: { name: 'VAT (20%)' } },
        },
      },
    });
    expect(String(params.cancel_url)).toMatch(
      new RegExp(
        `^https://shop\\.cadran\\.test/en/store/order/failure\\?order=${order.order_number}&error=cancelled$`,
      ),
    );

    // A replayed creation answers the same session without asking Stripe again.
    const replay = await placeWith(t.app, t.alice, 'stripe', t.pro.id, { headers: key });
    expect(replay.payment_url).toBe(payment_url);
    expect(t.fake.requestsTo('/v1/checkout/sessions').slice(before)).toHaveLength(1);
  });

  it('answers 502 when Stripe is down, and opens the same order once Stripe is back', async () => {
    const key = { 'idempotency-key': `stripe-down-${Date.now()}` };
    t.fake.stripeDown = true;
    try {
      const res = await placeOrder(
        t.app,
        t.alice,
        orderBody([item(t.pro.id)], { payment_method: 'stripe' }),
        key,
      );
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        message:
          'Le service de paiement ne répond pas. Réessayez dans quelques minutes ou choisissez un autre moyen de paiement',
      });
    } finally {
      t.fake.stripeDown = false;
    }
    const retried = await placeWith(t.app, t.alice, 'stripe', t.pro.id, { headers: key });
    expect(retried.payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect((await paymentOf(t.db, retried.order.id))?.status).toBe('pending');
  });

  it('refuses a webhook with a bad, missing, foreign or stale signature: 400 and nothing changes', async () => {
    const { order, sessionId } = await cardOrder();
    const payload = JSON.stringify(
      stripeEvent('checkout.session.completed', paidSession(sessionId, order.id)),
    );
    const eventsBefore = (await paymentEventsOf(t.db, 'stripe')).length;
    const attempts: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['garbage', 't=1,v1=deadbeef'],
      ['other secret', signStripe(payload, { secret: 'whsec_someone_else' })],
      ['stale', signStripe(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ];
    for (const [label, signature] of attempts) {
      const res = await postStripeWebhook(t.app, payload, signature);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({
        success: false,
        message: 'Notification de paiement refusée : signature invalide',
      });
    }
    // A valid signature over other bytes is as bad as none.
    const tampered = payload.replace('58800', '100');
    const res = await postStripeWebhook(t.app, tampered, signStripe(payload));
    expect(res.statusCode).toBe(400);

    expect((await paymentEventsOf(t.db, 'stripe')).length).toBe(eventsBefore);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
  });

  it('fulfils once when the same event arrives three times (one fulfilment, one e-mail)', async () => {
    const { order, sessionId } = await cardOrder();
    const payload = JSON.stringify(
      stripeEvent('checkout.session.completed', paidSession(sessionId, order.id)),
    );
    const answers = await Promise.all(
      [0, 1, 2].map(() => postStripeWebhook(t.app, payload, signStripe(payload))),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, received: true });
    }
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
    const mails = (await mailsTo(t.db, t.alice.email)).filter(
      (m) => m.kind === 'order_confirmation' && m.subject.includes(order.order_number),
    );
    expect(mails).toHaveLength(1);
    const recorded = (await paymentEventsOf(t.db, 'stripe')).filter((e) => e.orderId === order.id);
    expect(recorded).toHaveLength(1);

    // A later event for the same payment (another id) finds the order paid: still one of each.
    expect(
      await delivered('checkout.session.async_payment_succeeded', paidSession(sessionId, order.id)),
    ).toBe(200);
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
  });

  it('flags an amount mismatch instead of fulfilling', async () => {
    for (const overrides of [{ amount_total: 100 }, { currency: 'usd' }]) {
      const { order, sessionId } = await cardOrder();
      expect(
        await delivered('checkout.session.completed', paidSession(sessionId, order.id, overrides)),
      ).toBe(200);
      const row = await orderRow(t.db, order.id);
      expect(row).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
      expect(row?.flaggedReason).toMatch(/^amount mismatch: received .+, expected 588\.00 EUR/);
      expect(await licensesOf(t.db, order.id)).toHaveLength(0);
    }
  });

  it('fails the payment when the session expires or an async payment fails', async () => {
    for (const [type, reason] of [
      ['checkout.session.expired', 'payment.expired'],
      ['checkout.session.async_payment_failed', 'payment.refused'],
    ] as const) {
      const { order, sessionId } = await cardOrder();
      expect(
        await delivered(
          type,
          paidSession(sessionId, order.id, { payment_status: 'unpaid', status: 'expired' }),
        ),
      ).toBe(200);
      expect(await orderRow(t.db, order.id)).toMatchObject({
        status: 'failed',
        paymentStatus: 'failed',
      });
      expect(await paymentOf(t.db, order.id)).toMatchObject({
        status: 'failed',
        failureReason: reason,
      });
    }
  });

  it('waits on a completed session still unpaid, and records unknown events without acting', async () => {
    const { order, sessionId } = await cardOrder();
    expect(
      await delivered(
        'checkout.session.completed',
        paidSession(sessionId, order.id, { payment_status: 'unpaid' }),
      ),
    ).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
    });

    const other = JSON.stringify({
      ...stripeEvent('customer.created', {}),
      data: { object: { object: 'customer', id: 'cus_1' } },
    });
    const res = await postStripeWebhook(t.app, other, signStripe(other));
    expect(res.statusCode).toBe(200);

    // Not JSON at all but correctly signed: the SDK refuses to read it.
    const junk = 'not json';
    expect((await postStripeWebhook(t.app, junk, signStripe(junk))).statusCode).toBe(400);
  });

  const cancel = (orderId: string) => cancelOrder(t.app, t.alice, orderId, { reason: '' });

  it('expires the Checkout Session when the buyer cancels the order', async () => {
    const { order, sessionId } = await cardOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    expect(t.fake.requestsTo(`/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(await paymentOf(t.db, order.id)).toMatchObject({ status: 'cancelled' });
    // Stripe then reports the expiry: the closed payment and the cancelled order stay as they are.
    expect(
      await delivered(
        'checkout.session.expired',
        paidSession(sessionId, order.id, { status: 'expired', payment_status: 'unpaid' }),
      ),
    ).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
    });
  });

  it('refunds a payment that gets through after the order was cancelled: no licence, no confirmation', async () => {
    const { order, sessionId } = await cardOrder();
    // The buyer paid on Stripe's page while cancelling in another tab: the expiry comes too late.
    const session = [...t.fake.requestsTo('/v1/checkout/sessions')].length;
    expect(session).toBeGreaterThan(0);
    t.fake.stripeDown = true;
    expect((await cancel(order.id)).statusCode).toBe(200);
    t.fake.stripeDown = false;
    expect(
      await delivered(
        'checkout.session.completed',
        paidSession(sessionId, order.id, { payment_intent: 'pi_late_1' }),
      ),
    ).toBe(200);

    const refunds = t.fake.requestsTo('/v1/refunds');
    expect(refunds.at(-1)?.body).toContain('payment_intent=pi_late_1');
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await paymentOf(t.db, order.id)).toMatchObject({ status: 'refunded' });
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
    const confirmations = (await mailsTo(t.db, t.alice.email)).filter(
      (m) => m.kind === 'order_confirmation' && m.subject.includes(order.order_number),
    );
    expect(confirmations).toHaveLength(0);
  });

  it('flags the order for a person when the refund of a late payment fails', async () => {
    const { order, sessionId } = await cardOrder();
    t.fake.stripeDown = true;
    try {
      expect((await cancel(order.id)).statusCode).toBe(200);
      expect(
        await delivered(
          'checkout.session.completed',
          paidSession(sessionId, order.id, { payment_intent: 'pi_late_2' }),
        ),
      ).toBe(200);
    } finally {
      t.fake.stripeDown = false;
    }
    const row = await orderRow(t.db, order.id);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(row?.flaggedReason).toMatch(/paid after cancellation: refund by hand/);
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
  });

  it('is exempt from the CSRF guard yet takes nothing but JSON', async () => {
    const payload = JSON.stringify(stripeEvent('customer.created', {}));
    const withCookie = await postStripeWebhook(t.app, payload, signStripe(payload), {
      cookie: `cadran_session=${t.alice.token}`,
      origin: 'https://stripe.com',
    });
    expect(withCookie.statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/payments/stripe/webhook',
      headers: { 'content-type': 'text/plain', 'stripe-signature': signStripe(payload) },
      payload,
    });
    expect(form.statusCode).toBe(415);
  });
});
