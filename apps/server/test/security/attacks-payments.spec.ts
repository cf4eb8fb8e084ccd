import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { licenses } from '../../src/db/schema/licenses';
import { paymentEvents, payments } from '../../src/db/schema/payments';
import { CSRF_EXEMPT_PATHS } from '../../src/plugins/csrf';
import {
  FakeProviders,
  PAYPAL_TEST_CLIENT,
  STRIPE_TEST_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  parseStripeForm,
} from '../fake-providers';
import { buildTestApp } from '../helper';
import { item, orderBody, orderOf, placeOrder, template } from '../orders-helpers';
import { sandboxIdOf, signStripe, stripeEvent } from '../payments-helpers';
import { changedTables, settledSnapshot } from './db-snapshot';
import { hostileValue, nastyString } from './hostile-values';
import { asBuyer, createCast, type Account } from './identities';
import { listRoutes } from './route-inventory';
import { rememberSecret, secretLeaks, watchLogs } from './secrets';

/**
 * Attacks on payments (docs/quality.md 'Attacker checks'): forged and replayed provider webhooks,
 * another client's sandbox payment, and amounts sent to the provider under a tampered order. Stripe
 * and PayPal run against the local fakes of the payment suites, so the real signature verification
 * runs.
 */

const fake = await new FakeProviders().start();
const logs = watchLogs();
const t = await buildTestApp({
  logger: logs.logger,
  env: {
    STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.baseUrl,
    PAYPAL_CLIENT_ID: PAYPAL_TEST_CLIENT.id,
    PAYPAL_CLIENT_SECRET: PAYPAL_TEST_CLIENT.secret,
    PAYPAL_WEBHOOK_ID: PAYPAL_TEST_CLIENT.webhookId,
    PAYPAL_API_BASE: fake.baseUrl,
  },
});
rememberSecret(
  STRIPE_TEST_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  PAYPAL_TEST_CLIENT.secret,
  t.config.sessionSecret,
);
const cast = await createCast(t.app, t.db);
const pro = await template(t.db, 'pro-annually');
afterAll(async () => {
  await t.close();
  await fake.close();
});

const resetLimits = () => t.db.execute(sql`delete from rate_limits`);

async function order(account: Account, method: string, overrides: Record<string, unknown> = {}) {
  await resetLimits();
  const res = await placeOrder(
    t.app,
    asBuyer(t.app, account),
    orderBody([item(pro.id)], { payment_method: method, ...overrides }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return orderOf(res);
}

const webhookRoutes = () =>
  listRoutes(t.app).filter(
    (route) =>
      route.method === 'POST' &&
      CSRF_EXEMPT_PATHS.includes(route.path) &&
      route.path.startsWith('/api/v1/website/payments/'),
  );

describe('provider webhooks', () => {
  it('refuses every forged delivery on every webhook route, changing nothing', async () => {
    const routes = webhookRoutes();
    expect(routes.map((route) => route.path).sort()).toEqual([
      '/api/v1/website/payments/paypal/webhook',
      '/api/v1/website/payments/stripe/webhook',
    ]);
    const target = await order(cast.client, 'stripe');
    const genuine = JSON.stringify(
      stripeEvent('checkout.session.completed', {
        id: 'cs_forged',
        amount_total: 1,
        currency: 'eur',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: target.order.id,
        metadata: { order_id: target.order.id },
      }),
    );
    const signatures = fc.oneof(
      fc.constant<string | undefined>(undefined),
      nastyString(),
      fc.constant(signStripe(genuine, { secret: 'whsec_attacker_own_secret' })),
      fc.constant(signStripe(genuine, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      fc.constant(signStripe(`${genuine} `)),
    );
    const bodies = fc.oneof(
      fc.constant(genuine),
      hostileValue().map((value) => JSON.stringify(value) ?? 'null'),
    );
    const before = await settledSnapshot(t);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          bodies,
          signatures,
          fc.dictionary(
            fc.constantFrom(
              'paypal-transmission-id',
              'paypal-transmission-sig',
              'paypal-cert-url',
              'paypal-auth-algo',
              'paypal-transmission-time',
            ),
            nastyString(),
            { maxKeys: 5 },
          ),
          async (body, signature, paypalHeaders) => {
            const res = await t.app.inject({
              method: 'POST',
              url: route.path,
              headers: {
                'content-type': 'application/json',
                ...(signature === undefined ? {} : { 'stripe-signature': signature }),
                ...paypalHeaders,
              },
              payload: body,
            });
            expect(res.statusCode, `${route.path}: ${res.body}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, `${route.path}: ${res.body}`).toBeLessThan(500);
          },
        ),
        { numRuns: Number(process.env.SECURITY_WEBHOOK_RUNS ?? 150) },
      );
    }
    await resetLimits();
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });

  it('acts once on a genuine delivery replayed at once and later', async () => {
    const placed = await order(cast.client, 'stripe');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placed.order.id));
    const payload = JSON.stringify(
      stripeEvent('checkout.session.completed', {
        id: payment?.providerReference,
        amount_total: payment?.amountCents,
        currency: 'eur',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: placed.order.id,
        metadata: { order_id: placed.order.id },
      }),
    );
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/website/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signStripe(payload) },
        payload,
      });
    const answers = [
      ...(await Promise.all([deliver(), deliver(), deliver(), deliver()])),
      await deliver(),
      await deliver(),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, placed.order.id));
    expect(events).toHaveLength(1);
    expect(
      await t.db.select().from(licenses).where(eq(licenses.orderId, placed.order.id)),
    ).toHaveLength(1);
  });
});

describe('sandbox payments', () => {
  it('shows and decides another client’s payment for nobody: 404 as for an unknown one', async () => {
    // Without provider keys, card and PayPal orders go to the built-in sandbox.
    const s = await buildTestApp();
    try {
      const sandboxCast = await createCast(s.app, s.db);
      const res = await placeOrder(
        s.app,
        asBuyer(s.app, sandboxCast.client),
        orderBody([item(pro.id)], { payment_method: 'stripe' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const paymentId = sandboxIdOf(orderOf(res).payment_url);
      const routes = listRoutes(s.app).filter(
        (route) => route.params.includes('paymentId') && route.method !== 'HEAD',
      );
      expect(routes.length).toBeGreaterThanOrEqual(2);
      const before = await settledSnapshot(s);
      for (const route of routes) {
        const ask = (id: string, headers: Record<string, string>) =>
          s.app.inject({
            method: route.method as 'GET',
            url: route.path.replace(':paymentId', id),
            headers,
            ...(route.method === 'GET' ? {} : { payload: { decision: 'pay' } }),
          });
        const intruder = asBuyer(s.app, sandboxCast.other).headers;
        const foreign = await ask(paymentId, intruder);
        const unknown = await ask('2b0c1e9a-6f41-4f6b-9a39-0d6f7c8e1a55', intruder);
        expect(foreign.statusCode, `${route.method} ${route.path}: ${foreign.body}`).toBe(404);
        expect(foreign.json()).toEqual(unknown.json());
        const anonymous = await ask(paymentId, {
          origin: s.config.publicUrl,
          'content-type': 'application/json',
        });
        expect(anonymous.statusCode).toBe(401);
      }
      await s.db.execute(sql`delete from rate_limits`);
      expect(changedTables(before, await settledSnapshot(s))).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('amounts sent to the provider', () => {
  it('asks Stripe for the server’s total, whatever the order body claims', async () => {
    const before = fake.requestsTo('/v1/checkout/sessions').length;
    const placed = await order(cast.client, 'stripe', {
      total: '0.01',
      subtotal: '0.01',
      tax_amount: '0.00',
      amount: 1,
    });
    const calls = fake.requestsTo('/v1/checkout/sessions').slice(before);
    expect(calls).toHaveLength(1);
    const params = parseStripeForm(calls[0]?.body ?? '') as {
      line_items: Record<string, { quantity: string; price_data: { unit_amount: string } }>;
    };
    const asked = Object.values(params.line_items).reduce(
      (sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity),
      0,
    );
    expect(asked).toBe(Math.round(Number(placed.order.total) * 100));
    expect(placed.order.total).toBe('588.00');
  });

  it('logged no password, token or secret', () => {
    expect(secretLeaks(logs.lines)).toEqual([]);
  });
});
