import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { invoices } from '../src/db/schema/invoices';
import { licenseRenewals, licenses } from '../src/db/schema/licenses';
import { orders } from '../src/db/schema/orders';
import { savedPaymentMethods } from '../src/db/schema/saved-methods';
import {
  licensesOf,
  placeWith,
  PAYMENTS,
  sandboxIdOf,
  type ProviderShop,
} from './payments-helpers';
import { adminPost } from './staff-helpers';
import { item, orderBody, orderOf, placeOrder, template, type Buyer } from './orders-helpers';

/** Shared steps of the automatic renewal suites. */

export const DAY = 24 * 60 * 60 * 1000;

/** Pays a sandbox payment with a test method (a card number or an IBAN). */
export const payWith = (
  app: FastifyInstance,
  who: Buyer,
  paymentUrl: string | null,
  method: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: `${PAYMENTS}/sandbox/${sandboxIdOf(paymentUrl)}`,
    headers: who.headers,
    payload: { decision: 'pay', ...method },
  });

/**
 * Buys one licence of `templateId` by card (or PayPal) with the automatic renewal box ticked,
 * paid on the sandbox page with `method` (the always-succeeding card by default); answers the
 * licence.
 */
export async function buyRenewing(
  app: FastifyInstance,
  db: Database,
  who: Buyer,
  templateId: number,
  method: Record<string, string> = {},
  via: 'stripe' | 'paypal' = 'stripe',
) {
  const res = await placeOrder(
    app,
    who,
    orderBody([item(templateId)], { payment_method: via, auto_renew: true }),
  );
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const placed = orderOf(res);
  const paid = await payWith(app, who, placed.payment_url, method);
  if (paid.statusCode !== 200) throw new Error(`sandbox: ${paid.statusCode} ${paid.body}`);
  const [licence] = await licensesOf(db, placed.order.id);
  if (!licence) throw new Error('no licence issued');
  return { orderId: placed.order.id, licence };
}

/** Where the shop asks each provider to open the payment of an order. */
const OPENING_PATH = { stripe: '/v1/checkout/sessions', paypal: '/v2/checkout/orders' } as const;

/**
 * Places a monthly Pro order paid through a provider's stand-in, the renewal box ticked or not;
 * answers the order and the request that opened its payment at the provider.
 */
export async function placeMonthlyAt(
  t: ProviderShop,
  who: Buyer,
  via: 'stripe' | 'paypal',
  autoRenew: boolean,
) {
  const monthly = await template(t.db, 'pro-monthly');
  const before = t.fake.requestsTo(OPENING_PATH[via]).length;
  const placed = orderOf(
    await placeOrder(
      t.app,
      who,
      orderBody([item(monthly.id)], { payment_method: via, auto_renew: autoRenew }),
    ),
  );
  const [opening] = t.fake.requestsTo(OPENING_PATH[via]).slice(before);
  if (!opening) throw new Error(`no ${via} request for the order`);
  return { placed, opening };
}

export { placeWith };

export const runAsOf = (app: FastifyInstance, headers: Record<string, string>, asOf?: Date) =>
  adminPost(app, '/renewals/run', headers, asOf ? { as_of: asOf.toISOString() } : {});

export const licenceNow = async (db: Database, id: string) =>
  (await db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

/** The automatic renewals of a licence, oldest term first, with their orders. */
export const termsOf = (db: Database, licenseId: string) =>
  db
    .select({ renewal: licenseRenewals, order: orders })
    .from(licenseRenewals)
    .innerJoin(orders, eq(orders.id, licenseRenewals.orderId))
    .where(and(eq(licenseRenewals.licenseId, licenseId), isNotNull(licenseRenewals.termExpiresAt)))
    .orderBy(asc(licenseRenewals.termExpiresAt));

export const invoicesOfOrder = (db: Database, orderId: string) =>
  db.select().from(invoices).where(eq(invoices.orderId, orderId));

/** The saved payment method a licence renews with, read back from the database. */
export const savedMethodOf = async (db: Database, id: string | null) => {
  if (!id) throw new Error('the licence keeps no payment method');
  const [method] = await db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.id, id));
  return method;
};
