import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderCreateSchema } from '@cadran/domain/orders';
import { payments } from '../src/db/schema/payments';
import { LICENSE_KEY_PATTERN } from '../src/modules/licenses/license-key';
import { sessionCookie } from './auth-helpers';
import { buyer, item, orderBody, shopSuite, type Buyer } from './orders-helpers';
import {
  PAYMENTS,
  decide,
  eventsOf,
  licensesOf,
  mailsTo,
  orderRow,
  paymentEventsOf,
  paymentOf,
  paymentStatusOf,
  placeWith,
  sandboxIdOf,
} from './payments-helpers';

// Without provider keys, card and PayPal orders are paid on our sandbox page, and
// its decisions run the same fulfilment as a provider's webhook.
describe('sandbox payments', () => {
  const t = shopSuite();
  let mallory: Buyer;

  beforeAll(async () => {
    mallory = await buyer(t.app);
  });

  it('sends card and PayPal orders to the sandbox page, the same URL on a replayed creation', async () => {
    for (const method of ['stripe', 'paypal'] as const) {
      const key = { 'idempotency-key': `sandbox-${method}-${Date.now()}` };
      const first = await placeWith(t.app, t.alice, method, t.pro.id, { headers: key });
      const paymentId = sandboxIdOf(first.payment_url);
      const replay = await placeWith(t.app, t.alice, method, t.pro.id, { headers: key });
      expect(replay.order.id).toBe(first.order.id);
      expect(replay.payment_url).toBe(first.payment_url);

      const payment = await paymentOf(t.db, first.order.id);
      expect(payment).toMatchObject({
        id: paymentId,
        provider: 'sandbox',
        status: 'pending',
        providerReference: paymentId,
        amountCents: 58800,
        currency: 'EUR',
      });
    }
  });

  it('keeps an English order in English: the payment page, then the success and failure pages', async () => {
    const english = { 'accept-language': 'en-GB,en;q=0.9' };
    const paid = await placeWith(t.app, t.alice, 'stripe', t.pro.id, { headers: english });
    expect(paid.payment_url).toMatch(/^\/en\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
    const paidRes = await decide(t.app, t.alice, sandboxIdOf(paid.payment_url), 'pay', english);
    expect(paidRes.json()).toMatchObject({
      redirect_url: `/en/store/order/success/${paid.order.order_number}`,
    });

    const declined = await placeWith(t.app, t.alice, 'paypal', t.pro.id, { headers: english });
    const declinedId = sandboxIdOf(declined.payment_url);
    const declinedRes = await decide(t.app, t.alice, declinedId, 'decline', english);
    expect(declinedRes.json<{ redirect_url: string }>().redirect_url).toMatch(
      new RegExp(`^/en/store/order/failure\\?order=${declined.order.order_number}&`),
    );

    const french = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    expect(french.payment_url).toMatch(/^\/store\/pay\/sandbox\//);
  });

  it('opens one payment when two requests open the same new order at once (a double click)', async () => {
    for (const method of ['stripe', 'paypal', 'bank_transfer'] as const) {
      const placed = await t.app.orders.place({
        userId: t.alice.userId,
        body: OrderCreateSchema.parse(orderBody([item(t.pro.id)], { payment_method: method })),
        idempotencyKey: null,
        language: 'fr',
      });
      if (placed.kind !== 'created') throw new Error(`order not placed: ${placed.kind}`);
      // Neither request has seen the other's attempt: both try to write the first one.
      const urls = await Promise.all([0, 1].map(() => t.app.payments.start(placed.order)));
      expect(urls[1], method).toBe(urls[0]);
      const attempts = await t.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, placed.order.order.id));
      expect(attempts, method).toHaveLength(1);
      expect(attempts[0]!.status).toBe('pending');
    }
  });

  it('shows the payment to its owner only, and to nobody signed out', async () => {
    const { payment_url, order } = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const url = `${PAYMENTS}/sandbox/${sandboxIdOf(payment_url)}`;
    const own = await t.app.inject({ url, headers: sessionCookie(t.alice.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json()).toEqual({
      success: true,
      payment: {
        id: sandboxIdOf(payment_url),
        status: 'pending',
        method: 'stripe',
        order_number: order.order_number,
        amount: '588.00',
        currency: 'EUR',
        // The order did not ask for automatic renewal: the page saves no method.
        auto_renew: false,
      },
    });
    const other = await t.app.inject({ url, headers: sessionCookie(mallory.token) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: 'Paiement introuvable' });
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const bad of ['nope', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      const res = await t.app.inject({
        url: `${PAYMENTS}/sandbox/${encodeURIComponent(bad)}`,
        headers: sessionCookie(t.alice.token),
      });
      expect(res.statusCode, bad).toBe(404);
    }
  });

  it('pays: order completed, one licence per unit with the extras, confirmation e-mail', async () => {
    const { payment_url, order } = await placeWith(t.app, t.alice, 'stripe', t.pro.id, {
      item: {
        quantity: 2,
        customizations: {
          primary_domain: 'https://www.Atelier-Martin.fr/',
          additional_domains_list: ['boutique.atelier-martin.fr'],
          extra_domains: 2,
          extra_installations: 1,
        },
      },
    });
    const paymentId = sandboxIdOf(payment_url);
    const res = await decide(t.app, t.alice, paymentId, 'pay');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      payment: { id: paymentId, status: 'succeeded' },
      redirect_url: `/store/order/success/${order.order_number}`,
    });

    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      flaggedReason: null,
    });
    expect((await paymentOf(t.db, order.id))?.status).toBe('succeeded');
    const steps = (await eventsOf(t.db, order.id)).map((e) => [e.fromStatus, e.toStatus]);
    expect(steps).toEqual([
      [null, 'pending'],
      ['pending', 'processing'],
      ['processing', 'completed'],
    ]);

    const issued = await licensesOf(t.db, order.id);
    expect(issued).toHaveLength(2);
    for (const licence of issued) {
      expect(licence.licenseKey).toMatch(LICENSE_KEY_PATTERN);
      expect(licence).toMatchObject({
        userId: t.alice.userId,
        templateId: t.pro.id,
        domainLimit: t.pro.domainLimit + 2,
        installationLimit: 3 + 1,
        updatePermissions: true,
      });
      // Annual licence: one year after payment, to the day.
      const start = licence.startsAt;
      const expected = new Date(start);
      expected.setUTCFullYear(start.getUTCFullYear() + 1);
      expect(licence.expiresAt?.toISOString()).toBe(expected.toISOString());
    }
    expect(new Set(issued.map((l) => l.licenseKey)).size).toBe(2);
    // Each licence has its own domains: the checkout's go to the first, the other starts empty.
    expect(issued.map((l) => l.domains).sort((a, b) => b.length - a.length)).toEqual([
      ['atelier-martin.fr', 'boutique.atelier-martin.fr'],
      [],
    ]);

    const status = await paymentStatusOf(t.app, t.alice, order.id);
    expect(status.json()).toEqual({
      success: true,
      status: 'completed',
      payment_status: 'paid',
      license_count: 2,
      renewed_license: null,
    });

    const mails = (await mailsTo(t.db, t.alice.email)).filter(
      (m) => m.kind === 'order_confirmation' && m.subject.includes(order.order_number),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(
      `Commande ${order.order_number} confirmée\u00a0: vos licences Cadran CMS`,
    );
    for (const licence of issued) expect(mail.textBody).toContain(licence.licenseKey);
    expect(mail.textBody).toContain('Et maintenant ?');
    expect(mail.textBody).toContain('Total TTC');
    expect(mail.htmlBody).toContain(issued[0]!.licenseKey);
  });

  it('applies the first decision only: a second click or the other button changes nothing', async () => {
    const { payment_url, order } = await placeWith(t.app, t.alice, 'paypal', t.pro.id);
    const paymentId = sandboxIdOf(payment_url);
    for (let i = 0; i < 3; i += 1) {
      expect((await decide(t.app, t.alice, paymentId, 'pay')).statusCode).toBe(200);
    }
    const late = await decide(t.app, t.alice, paymentId, 'decline');
    expect(late.json()).toMatchObject({
      payment: { status: 'succeeded' },
      redirect_url: `/store/order/success/${order.order_number}`,
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
    const confirmations = (await mailsTo(t.db, t.alice.email)).filter((m) =>
      m.subject.includes(order.order_number),
    );
    expect(confirmations).toHaveLength(1);
    const recorded = (await paymentEventsOf(t.db, 'sandbox')).filter((e) => e.orderId === order.id);
    expect(recorded).toHaveLength(1);
    expect((await orderRow(t.db, order.id))?.status).toBe('completed');
  });

  it('declines: payment failed, order failed, failure page with the reason in the reader’s language', async () => {
    const { payment_url, order } = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const paymentId = sandboxIdOf(payment_url);
    const res = await decide(t.app, t.alice, paymentId, 'decline', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ redirect_url: string; payment: { status: string } }>();
    expect(body.payment.status).toBe('failed');
    const target = new URL(body.redirect_url, 'http://x');
    // The English reader is sent to the English failure page.
    expect(target.pathname).toBe('/en/store/order/failure');
    // The reason travels as a code the page turns into its sentence.
    expect(target.searchParams.get('error')).toBe('declined');
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
    });
    expect((await paymentOf(t.db, order.id))?.failureReason).toBe('payment.declined');
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
    // Paying after declining is a second decision: ignored.
    await decide(t.app, t.alice, paymentId, 'pay');
    expect((await orderRow(t.db, order.id))?.paymentStatus).toBe('failed');
  });

  it('refuses decisions from another account, without a session, cross-site or malformed', async () => {
    const { payment_url, order } = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const paymentId = sandboxIdOf(payment_url);

    expect((await decide(t.app, mallory, paymentId, 'pay')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${PAYMENTS}/sandbox/${paymentId}`,
      headers: { origin: t.app.config.publicUrl, 'content-type': 'application/json' },
      payload: { decision: 'pay' },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await decide(t.app, t.alice, paymentId, 'pay', {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    const formPost = await t.app.inject({
      method: 'POST',
      url: `${PAYMENTS}/sandbox/${paymentId}`,
      headers: { ...t.alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=pay',
    });
    expect([403, 415]).toContain(formPost.statusCode);
    const invalid = await decide(t.app, t.alice, paymentId, 'refund' as 'pay');
    expect(invalid.statusCode).toBe(400);
    const refused = invalid.json<{ success: boolean; errors: Record<string, string[]> }>();
    expect(refused.success).toBe(false);
    expect(refused.errors.decision).toHaveLength(1);

    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
    });
    expect((await paymentOf(t.db, order.id))?.status).toBe('pending');
  });

  it('closes the payment of a cancelled order: paying it afterwards is refused, nothing changes', async () => {
    const { payment_url, order } = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/website/orders/${order.id}/cancel`,
      headers: t.alice.headers,
      payload: { reason: '' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await paymentOf(t.db, order.id)).toMatchObject({ status: 'cancelled' });

    const paid = await decide(t.app, t.alice, sandboxIdOf(payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    // The buyer lands on the failure page, which says the order was cancelled.
    expect(paid.json<{ redirect_url: string }>().redirect_url).toBe(
      `/store/order/failure?order=${order.order_number}&error=order_cancelled`,
    );
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      flaggedReason: null,
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
    const events = await paymentEventsOf(t.db, 'sandbox');
    expect(events.filter((event) => event.orderId === order.id)).toHaveLength(0);
  });
});
