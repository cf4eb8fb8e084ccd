import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { methodSetups, savedPaymentMethods } from '../src/db/schema/saved-methods';
import { chargeKey } from '../src/modules/renewals/charge-term';
import type { FakeChargeBehaviour } from './fake-stripe-intents';
import { parseStripeForm } from './fake-providers';
import { MY_LICENSES } from './licenses-helpers';
import { buyer, type Buyer } from './orders-helpers';
import {
  deliverStripeEvent,
  eventsOf,
  licensesOf,
  mailsTo,
  paymentOf,
  postStripeWebhook,
  providerShopSuite,
  signStripe,
  stripeEvent,
  stripeSettings,
} from './payments-helpers';
import {
  DAY,
  invoicesOfOrder,
  licenceNow,
  placeMonthlyAt,
  runAsOf,
  termsOf,
  savedMethodOf,
} from './renewals-helpers';
import { signedInStaff } from './staff-helpers';

// Automatic renewal through Stripe with the official SDK, against the local stand-in of Stripe's
// API (fake-providers.ts): the first payment saves its method off-session, renewals are
// off-session PaymentIntents with the term's idempotency key, a decline or a bank asking for
// its customer goes to the dunning, a SEPA debit settles by its signed webhook, and a new
// method is saved by Checkout in setup mode.
describe('automatic renewal through Stripe', () => {
  const t = providerShopSuite(stripeSettings);
  const intents = () => t.fake.stripeIntents;

  const deliver = (type: string, object: Record<string, unknown>) =>
    deliverStripeEvent(t.app, type, object);

  /**
   * A monthly licence bought by card with the renewal box ticked: Checkout asked to keep the
   * card, Stripe's signed webhook says it was paid and names the PaymentIntent that saved it.
   */
  async function buyRenewing(who: Buyer, behaviour: FakeChargeBehaviour = 'succeeds') {
    const { placed, opening } = await placeMonthlyAt(t, who, 'stripe', true);
    const params = parseStripeForm(opening.body);
    const payment = await paymentOf(t.db, placed.order.id);
    const amount = Math.round(Number(placed.order.total) * 100);
    const customer = `cus_${who.userId.slice(0, 8)}`;
    const pm = intents().addMethod('card', customer, behaviour);
    const pi = intents().addPaidIntent(pm, customer, amount);
    const paid = await deliver('checkout.session.completed', {
      id: payment!.providerReference,
      mode: 'payment',
      amount_total: amount,
      currency: 'eur',
      payment_status: 'paid',
      status: 'complete',
      customer,
      payment_intent: pi,
      client_reference_id: placed.order.id,
      metadata: params.metadata,
    });
    expect(paid.statusCode).toBe(200);
    const [licence] = await licensesOf(t.db, placed.order.id);
    return { params, licence: licence!, customer, pm };
  }

  /**
   * The owner saves a SEPA mandate for a licence on Stripe's page in setup mode: Checkout opened
   * on the buyer's customer, the SetupIntent naming the mandate, the signed completion delivered.
   * Each debit on it answers `processing`, as SEPA debits do.
   */
  async function saveSepaDebit(who: Buyer, licenceId: string, customer: string) {
    const before = t.fake.requestsTo('/v1/checkout/sessions').length;
    const asked = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licenceId}/payment-method`,
      headers: who.headers,
      payload: {},
    });
    const [call] = t.fake.requestsTo('/v1/checkout/sessions').slice(before);
    const [setup] = await t.db
      .select()
      .from(methodSetups)
      .where(eq(methodSetups.licenseId, licenceId));
    const pm = intents().addMethod('sepa_debit', customer, 'processing');
    const seti = intents().addSetupIntent(pm, customer, 'mandate_cadran_1');
    const completed = {
      id: setup!.providerReference,
      mode: 'setup',
      status: 'complete',
      payment_status: 'no_payment_required',
      amount_total: null,
      customer,
      setup_intent: seti,
      metadata: { setup_id: setup!.id },
    };
    expect((await deliver('checkout.session.completed', completed)).statusCode).toBe(200);
    return { asked, call: call!, setup: setup!, pm, completed };
  }

  it('saves the card of the first payment and charges it off-session once per term', async () => {
    const alice = await buyer(t.app);
    const { params, licence, customer, pm } = await buyRenewing(alice);
    expect(params).toMatchObject({
      mode: 'payment',
      customer_creation: 'always',
      metadata: { auto_renew: 'true' },
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
    const first = await licenceNow(t.db, licence.id);
    expect(first.autoRenew).toBe(true);
    const method = await savedMethodOf(t.db, first.savedMethodId);
    expect(method).toMatchObject({
      provider: 'stripe',
      type: 'card',
      label: 'Visa •••• 4242',
      expiresMonth: '2030-12',
      providerCustomer: customer,
      providerReference: pm,
    });

    const staff = await signedInStaff(t.app, t.db);
    const expiry = first.expiresAt!;
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 1 });
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 0 });
    const charges = t.fake.requestsTo('/v1/payment_intents').filter((r) => r.method === 'POST');
    const mine = charges.filter((r) => parseStripeForm(r.body).customer === customer);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.headers['idempotency-key']).toBe(chargeKey(licence.id, expiry, 1));
    expect(parseStripeForm(mine[0]!.body)).toMatchObject({
      amount: '5880',
      currency: 'eur',
      customer,
      payment_method: pm,
      off_session: 'true',
      confirm: 'true',
    });
    const [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal.chargeStatus).toBe('charged');
    expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(1);
    expect((await licenceNow(t.db, licence.id)).expiresAt!.getTime()).toBeGreaterThan(
      expiry.getTime() + 27 * DAY,
    );
  });

  it('sends a declined card and a bank asking for its customer to the dunning', async () => {
    const staff = await signedInStaff(t.app, t.db);
    for (const [behaviour, reason] of [
      ['declines', 'payment.refused'],
      ['requires_action', 'payment.authentication_required'],
    ] as const) {
      const who = await buyer(t.app);
      const { licence } = await buyRenewing(who, behaviour);
      const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
      const due = new Date(expiry.getTime() - DAY + 3_600_000);
      expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ failed: 1 });
      const [term] = await termsOf(t.db, licence.id);
      expect(term!.renewal).toMatchObject({ chargeStatus: 'failing', lastError: reason });
      expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(0);
      expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(expiry);
      const reminders = (await mailsTo(t.db, who.email)).filter((mail) =>
        mail.subject.includes(licence.licenseKey),
      );
      expect(reminders).toHaveLength(1);
    }
  });

  it('saves a SEPA mandate through Checkout in setup mode, then debits it and settles by webhook', async () => {
    const bob = await buyer(t.app);
    const { licence, customer } = await buyRenewing(bob, 'declines');
    const { asked, call, setup, pm, completed } = await saveSepaDebit(bob, licence.id, customer);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      url: `https://checkout.stripe.test/c/pay/${setup.providerReference}`,
    });
    expect(call.headers['idempotency-key']).toBe(`cadran-setup-${setup.id}`);
    // The customer that holds the buyer's card holds the new method too.
    expect(parseStripeForm(call.body)).toMatchObject({
      mode: 'setup',
      customer,
      metadata: { setup_id: setup.id, license_id: licence.id },
      success_url: `https://shop.cadran.test/client/licences/${licence.id}?method=saved`,
    });
    // Stripe delivering the completion again saves nothing twice.
    expect((await deliver('checkout.session.completed', completed)).statusCode).toBe(200);
    const after = await licenceNow(t.db, licence.id);
    const methods = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, bob.userId));
    expect(methods).toHaveLength(2);
    expect(methods.find((m) => m.id === after.savedMethodId)).toMatchObject({
      type: 'sepa_debit',
      label: 'SEPA DE •••• 3000',
      mandateReference: 'mandate_cadran_1',
      providerReference: pm,
    });
    expect(
      (await t.db.select().from(methodSetups).where(eq(methodSetups.id, setup.id)))[0],
    ).toMatchObject({ status: 'completed' });

    // The debit is made off-session with the mandate, and settles later.
    const staff = await signedInStaff(t.app, t.db);
    const expiry = after.expiresAt!;
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 1 });
    const [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal.chargeStatus).toBe('processing');
    const debit = intents().charges.find((charge) => charge.payment_method === pm);
    expect(debit?.params).toMatchObject({ mandate: 'mandate_cadran_1', off_session: 'true' });
    expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(expiry);

    const settled = await deliver('payment_intent.succeeded', {
      ...debit,
      object: 'payment_intent',
      status: 'succeeded',
      amount_received: debit!.amount,
      params: undefined,
    });
    expect(settled.statusCode).toBe(200);
    const [paidTerm] = await termsOf(t.db, licence.id);
    expect(paidTerm!.renewal.chargeStatus).toBe('charged');
    expect(await invoicesOfOrder(t.db, paidTerm!.order.id)).toHaveLength(1);
    expect((await licenceNow(t.db, licence.id)).expiresAt!.getTime()).toBeGreaterThan(
      expiry.getTime() + 27 * DAY,
    );
  });

  it('duns a SEPA debit the bank returns after processing: e-mail, events, retry with the next key', async () => {
    const erin = await buyer(t.app);
    const { licence, customer } = await buyRenewing(erin);
    const { pm } = await saveSepaDebit(erin, licence.id, customer);
    const staff = await signedInStaff(t.app, t.db);
    const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 1 });
    const debit = intents().charges.find((charge) => charge.payment_method === pm);
    const mailsBefore = (await mailsTo(t.db, erin.email)).length;

    const returned = stripeEvent('payment_intent.payment_failed', {
      ...debit,
      object: 'payment_intent',
      status: 'requires_payment_method',
      params: undefined,
    });
    const payload = JSON.stringify(returned);
    expect((await postStripeWebhook(t.app, payload, signStripe(payload))).statusCode).toBe(200);
    // The same notification delivered again duns nothing more.
    expect((await postStripeWebhook(t.app, payload, signStripe(payload))).statusCode).toBe(200);

    const [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal).toMatchObject({
      chargeStatus: 'failing',
      failures: 1,
      lastError: 'payment.refused',
    });
    expect(term!.renewal.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
    expect(term!.order.paymentStatus).toBe('failed');
    expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(0);
    expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(expiry);
    const reminders = (await mailsTo(t.db, erin.email)).slice(mailsBefore);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain(licence.licenseKey);
    expect(reminders[0]!.textBody).toContain('SEPA DE •••• 3000');
    const reasons = (await eventsOf(t.db, term!.order.id)).map((event) => event.reason);
    expect(reasons.filter((reason) => reason?.startsWith('payment reminder'))).toHaveLength(1);
    expect(reasons.some((reason) => reason?.startsWith('payment failed'))).toBe(true);

    // The retry, a day after the failure was known and past the term's end, debits again under
    // the second attempt's key (the failure was known at the real time, the run is as of).
    const retry = new Date(
      Math.max(term!.renewal.nextAttemptAt!.getTime() + 60_000, due.getTime() + DAY),
    );
    expect((await runAsOf(t.app, staff.headers, retry)).json()).toMatchObject({ charged: 1 });
    const debits = intents().charges.filter((charge) => charge.payment_method === pm);
    expect(debits).toHaveLength(2);
    expect(debits[1]!.metadata).toMatchObject({ charge_key: chargeKey(licence.id, expiry, 2) });
  });

  it('makes a Stripe customer for a buyer who has none, and refuses another buyer’s licence', async () => {
    const carol = await buyer(t.app);
    const mallory = await buyer(t.app);
    const { licence } = await buyRenewing(carol);
    await t.db
      .update(savedPaymentMethods)
      .set({ providerCustomer: null })
      .where(eq(savedPaymentMethods.userId, carol.userId));
    const refused = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licence.id}/payment-method`,
      headers: mallory.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(404);
    const before = t.fake.requestsTo('/v1/customers').length;
    const asked = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licence.id}/payment-method`,
      headers: { ...carol.headers, 'accept-language': 'en' },
      payload: {},
    });
    expect(asked.statusCode).toBe(200);
    const created = t.fake.requestsTo('/v1/customers').slice(before);
    expect(created).toHaveLength(1);
    expect(parseStripeForm(created[0]!.body)).toMatchObject({ email: carol.email });
  });
});
