import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { queryRows, type Database } from '../src/db/client';
import { JOB_SCHEMA } from '../src/jobs/boss';
import { licenses } from '../src/db/schema/licenses';
import { orderEvents, orders } from '../src/db/schema/orders';
import { paymentEvents, payments } from '../src/db/schema/payments';
import { TRANSFER_INSTRUCTIONS_JOB } from '../src/modules/payments/transfer-instructions';
import { listMail } from '../src/mail/list';
import { sameOrigin, sessionCookie } from './auth-helpers';
import { suiteFixture, type TestApp } from './helper';
import {
  placeOrder,
  orderBody,
  orderOf,
  item,
  openShop,
  type Buyer,
  type Shop,
} from './orders-helpers';
import {
  FakeProviders,
  PAYPAL_TEST_CLIENT,
  STRIPE_TEST_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
} from './fake-providers';

/** Shared requests and database reads of the payment suites. */

export const PAYMENTS = '/api/v1/website/payments';

/** Places an order of one line and answers the created order and its payment URL. */
export async function placeWith(
  app: FastifyInstance,
  who: Buyer,
  method: 'stripe' | 'paypal' | 'bank_transfer',
  templateId: number,
  overrides: { item?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const res = await placeOrder(
    app,
    who,
    orderBody([item(templateId, overrides.item ?? {})], { payment_method: method }),
    overrides.headers ?? {},
  );
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return orderOf(res);
}

/** A shop paying through the local server that plays Stripe and PayPal. */
export interface ProviderShop extends Shop {
  fake: FakeProviders;
}

/**
 * The shop of the enclosing describe block (see suiteFixture) on a public https origin, as the
 * providers see it, with the settings `env` gives for the fake's address.
 */
export function providerShopSuite(
  env: (fakeBaseUrl: string) => Record<string, string>,
): ProviderShop {
  return suiteFixture(async () => {
    const fake = await new FakeProviders().start();
    try {
      const shop = await openShop({
        env: { ...env(fake.baseUrl), PUBLIC_URL: 'https://shop.cadran.test' },
      });
      const close = async () => {
        await shop.close();
        await fake.close();
      };
      return { ...shop, fake, close };
    } catch (error) {
      await fake.close();
      throw error;
    }
  });
}

/** Stripe's settings for `providerShopSuite`: its SDK calls the fake, with the fake's keys. */
export const stripeSettings = (fakeBaseUrl: string) => ({
  STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: fakeBaseUrl,
});

/** PayPal's settings for `providerShopSuite`: its SDK calls the fake, as the fake's client. */
export const paypalSettings = (fakeBaseUrl: string) => ({
  PAYPAL_CLIENT_ID: PAYPAL_TEST_CLIENT.id,
  PAYPAL_CLIENT_SECRET: PAYPAL_TEST_CLIENT.secret,
  PAYPAL_WEBHOOK_ID: PAYPAL_TEST_CLIENT.webhookId,
  PAYPAL_API_BASE: fakeBaseUrl,
});

/** Places an order paid through a provider, with the provider's own reference of its payment. */
export async function placeAtProvider(
  t: TestApp,
  who: Buyer,
  method: 'stripe' | 'paypal',
  templateId: number,
  headers: Record<string, string> = {},
) {
  const placed = await placeWith(t.app, who, method, templateId, { headers });
  const payment = await paymentOf(t.db, placed.order.id);
  if (!payment?.providerReference) throw new Error(`no ${method} reference for the order`);
  return { ...placed, reference: payment.providerReference };
}

export const sandboxIdOf = (paymentUrl: string | null): string => {
  const match = /^(?:\/en)?\/store\/pay\/sandbox\/([0-9a-f-]{36})$/.exec(paymentUrl ?? '');
  if (!match?.[1]) throw new Error(`not a sandbox URL: ${paymentUrl}`);
  return match[1];
};

export function decide(
  app: FastifyInstance,
  who: Buyer,
  paymentId: string,
  decision: 'pay' | 'decline',
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `${PAYMENTS}/sandbox/${paymentId}`,
    headers: { ...who.headers, ...headers },
    payload: { decision },
  });
}

export const orderRow = async (db: Database, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0];

/** The order's latest payment attempt. */
export const paymentOf = async (db: Database, orderId: string) =>
  (
    await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1)
  )[0];

export const licensesOf = (db: Database, orderId: string) =>
  db.select().from(licenses).where(eq(licenses.orderId, orderId));

export const eventsOf = (db: Database, orderId: string) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));

export const paymentEventsOf = (db: Database, provider: string) =>
  db.select().from(paymentEvents).where(eq(paymentEvents.provider, provider));

/** Mails queued for an address, oldest first. */
export const mailsTo = (db: Database, address: string) => listMail(db, { to: address });

/** The transfer-instructions jobs written for a payment, whatever their state. */
export const transferJobsFor = (db: Database, paymentId: string) =>
  queryRows<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(JOB_SCHEMA)}.job
        where name = ${TRANSFER_INSTRUCTIONS_JOB.name} and data->>'paymentId' = ${paymentId}`,
  );

/**
 * Mails queued for an address once every transfer-instructions job written so far has run:
 * a bank transfer's instructions are drawn by that job, after the order's request.
 */
export async function mailsAfterInstructions(
  t: { app: FastifyInstance; db: Database },
  address: string,
) {
  await t.app.jobs.drain(TRANSFER_INSTRUCTIONS_JOB.name);
  return mailsTo(t.db, address);
}

export const paymentStatusOf = (app: FastifyInstance, who: Buyer, orderId: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/website/orders/${orderId}/payment-status`,
    headers: sessionCookie(who.token),
  });

/** Stripe's own helper signs test payloads exactly as Stripe signs deliveries. */
const signer = new Stripe(STRIPE_TEST_KEY);

export function signStripe(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_TEST_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

/** A Checkout Session event as Stripe delivers it. */
export function stripeEvent(
  type: string,
  session: Record<string, unknown>,
  id = `evt_${Math.random().toString(36).slice(2, 14)}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { object: 'checkout.session', ...session } },
  };
}

/** A Checkout Session of a Pro licence order (588.00 EUR) that Stripe says is paid. */
export const paidSession = (
  sessionId: string,
  orderId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id: sessionId,
  amount_total: 58800,
  currency: 'eur',
  payment_status: 'paid',
  status: 'complete',
  client_reference_id: orderId,
  metadata: { order_id: orderId },
  ...overrides,
});

/** Delivers a Checkout Session event to the webhook, signed as Stripe signs it. */
export function deliverStripeEvent(
  app: FastifyInstance,
  type: string,
  session: Record<string, unknown>,
) {
  const payload = JSON.stringify(stripeEvent(type, session));
  return postStripeWebhook(app, payload, signStripe(payload));
}

export function postStripeWebhook(
  app: FastifyInstance,
  payload: string,
  signature: string | undefined,
  extraHeaders: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `${PAYMENTS}/stripe/webhook`,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      ...extraHeaders,
    },
    payload,
  });
}

export { sameOrigin };
