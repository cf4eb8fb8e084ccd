import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema/payments';
import { parseStripeForm } from './fake-providers';
import { ORDERS } from './orders-helpers';
import {
  deliverStripeEvent,
  licensesOf,
  orderRow,
  paidSession,
  placeAtProvider,
  providerShopSuite,
  stripeSettings,
} from './payments-helpers';

// A Stripe Checkout Session that expired is paid again on the same order through a new session
// (docs/decisions/020-payment-attempts-per-order.md); events of the old session then touch
// only their own attempt.
describe('retrying a Stripe payment on the same order', () => {
  const t = providerShopSuite(stripeSettings);

  const deliver = async (type: string, body: Record<string, unknown>) => {
    const res = await deliverStripeEvent(t.app, type, body);
    expect(res.statusCode).toBe(200);
  };

  const attemptsOf = (orderId: string) =>
    t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt), asc(payments.id));

  it('opens a new session for the same order; the old one’s late events change nothing else', async () => {
    const placed = await placeAtProvider(t, t.alice, 'stripe', t.pro.id);
    const oldSession = placed.reference;
    await deliver(
      'checkout.session.expired',
      paidSession(oldSession, placed.order.id, { status: 'expired', payment_status: 'unpaid' }),
    );
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({ status: 'failed' });

    const before = t.fake.requestsTo('/v1/checkout/sessions').length;
    const res = await t.app.inject({
      method: 'POST',
      url: `${ORDERS}/${placed.order.id}/payments`,
      headers: t.alice.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = await attemptsOf(placed.order.id);
    expect(first).toMatchObject({ status: 'failed', providerReference: oldSession });
    expect(second).toMatchObject({ status: 'pending', provider: 'stripe' });
    const newSession = second!.providerReference!;
    expect(newSession).not.toBe(oldSession);
    expect(res.json<{ payment_url: string }>().payment_url).toBe(second!.paymentUrl);

    // A new session under the new attempt's own key, naming that attempt.
    const [call] = t.fake.requestsTo('/v1/checkout/sessions').slice(before);
    expect(call?.headers['idempotency-key']).toBe(`cadran-checkout-${second!.id}`);
    expect(parseStripeForm(call!.body)).toMatchObject({
      metadata: { order_id: placed.order.id, payment_id: second!.id },
    });

    // The old session expiring again (a redelivery under a new id) leaves the retried order be.
    await deliver(
      'checkout.session.expired',
      paidSession(oldSession, placed.order.id, { status: 'expired', payment_status: 'unpaid' }),
    );
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });

    await deliver(
      'checkout.session.completed',
      paidSession(newSession, placed.order.id, {
        metadata: { order_id: placed.order.id, payment_id: second!.id },
      }),
    );
    expect(await orderRow(t.db, placed.order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      flaggedReason: null,
    });
    expect((await attemptsOf(placed.order.id)).map((a) => a.status)).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(await licensesOf(t.db, placed.order.id)).toHaveLength(1);

    // Money arriving on the old session as well is a second payment: set aside for a person.
    await deliver('checkout.session.completed', paidSession(oldSession, placed.order.id));
    const row = await orderRow(t.db, placed.order.id);
    expect(row?.flaggedReason).toMatch(/^second payment received on attempt /);
    expect(row).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await licensesOf(t.db, placed.order.id)).toHaveLength(1);
  });
});
