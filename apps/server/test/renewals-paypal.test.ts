import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedPaymentMethods } from '../src/db/schema/saved-methods';
import { chargeKey } from '../src/modules/renewals/charge-term';
import { MY_LICENSES } from './licenses-helpers';
import { buyer, getAs, shopSuite, template, type Buyer } from './orders-helpers';
import {
  PAYMENTS,
  eventsOf,
  licensesOf,
  mailsTo,
  paymentOf,
  paypalSettings,
  providerShopSuite,
} from './payments-helpers';
import {
  DAY,
  buyRenewing,
  invoicesOfOrder,
  licenceNow,
  placeMonthlyAt,
  runAsOf,
  termsOf,
  savedMethodOf,
} from './renewals-helpers';
import { signedInStaff } from './staff-helpers';

// Automatic renewal through PayPal's vault with PayPal's server SDK, against the local stand-in
// of PayPal's API (fake-providers.ts): the first order asks PayPal to keep the account once
// paid, the capture names the payment token, and renewals are merchant-initiated orders on that
// token with the term's PayPal-Request-Id.

interface OwnedMethod {
  id: string;
  auto_renew: { enabled: boolean; method: { type: string; label: string; expires: null } | null };
}

const methodShown = async (app: Parameters<typeof getAs>[0], who: Buyer, id: string) =>
  (await getAs(app, who, MY_LICENSES))
    .json<{ licenses: OwnedMethod[] }>()
    .licenses.find((licence) => licence.id === id)?.auto_renew;

describe('automatic renewal through the PayPal vault', () => {
  const t = providerShopSuite(paypalSettings);

  /** A monthly licence bought through PayPal, the renewal box ticked or not, approved and captured. */
  async function buyThroughPaypal(who: Buyer, autoRenew: boolean) {
    const { placed, opening } = await placeMonthlyAt(t, who, 'paypal', autoRenew);
    const paypalId = (await paymentOf(t.db, placed.order.id))!.providerReference!;
    t.fake.approve(paypalId);
    const back = await t.app.inject({
      url: `${PAYMENTS}/paypal/return?token=${paypalId}&PayerID=BUYER1`,
    });
    expect(back.statusCode).toBe(303);
    const [licence] = await licensesOf(t.db, placed.order.id);
    return { created: JSON.parse(opening.body) as Record<string, unknown>, licence: licence! };
  }

  it('asks PayPal to vault the account, keeps its token and charges it merchant-initiated once per term', async () => {
    const alice = await buyer(t.app);
    const { created, licence } = await buyThroughPaypal(alice, true);
    expect(created).toMatchObject({
      payment_source: {
        paypal: {
          attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } },
        },
      },
    });
    const token = t.fake.paypalVault.tokens.at(-1)!;
    const first = await licenceNow(t.db, licence.id);
    expect(first.autoRenew).toBe(true);
    const method = await savedMethodOf(t.db, first.savedMethodId);
    expect(method).toMatchObject({
      provider: 'paypal',
      type: 'paypal',
      label: t.fake.paypalVault.payerEmail,
      expiresMonth: null,
      providerReference: token,
      providerCustomer: 'CUSTLOCAL1',
    });
    expect(await methodShown(t.app, alice, licence.id)).toMatchObject({
      enabled: true,
      method: { type: 'paypal', label: t.fake.paypalVault.payerEmail, expires: null },
    });

    const staff = await signedInStaff(t.app, t.db);
    const expiry = first.expiresAt!;
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    const before = t.fake.requestsTo('/v2/checkout/orders').length;
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 1 });
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 0 });
    const calls = t.fake.requestsTo('/v2/checkout/orders').slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['user-agent']).toMatch(/^PayPal REST API TypeScript SDK/);
    expect(calls[0]!.headers['paypal-request-id']).toBe(chargeKey(licence.id, expiry, 1));
    const [term] = await termsOf(t.db, licence.id);
    expect(JSON.parse(calls[0]!.body)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: term!.order.id,
          custom_id: term!.order.id,
          description: `${term!.order.orderNumber} ${licence.licenseKey}`,
          amount: { currency_code: 'EUR', value: '58.80' },
        },
      ],
      payment_source: {
        paypal: {
          vault_id: token,
          stored_credential: {
            payment_initiator: 'MERCHANT',
            usage: 'SUBSEQUENT',
            usage_pattern: 'SUBSCRIPTION_PREPAID',
          },
        },
      },
    });
    expect(term!.renewal.chargeStatus).toBe('charged');
    expect(term!.order).toMatchObject({ paymentMethod: 'paypal', paymentStatus: 'paid' });
    expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(1);
    const renewedPayment = await paymentOf(t.db, term!.order.id);
    expect(renewedPayment).toMatchObject({ provider: 'paypal', status: 'succeeded' });
    expect(renewedPayment!.moneyReference).toMatch(/^CAP/);
    expect((await licenceNow(t.db, licence.id)).expiresAt!.getTime()).toBeGreaterThan(
      expiry.getTime() + 27 * DAY,
    );
  });

  it('asks no vault when the box is not ticked, and keeps no method', async () => {
    const bob = await buyer(t.app);
    const { created, licence } = await buyThroughPaypal(bob, false);
    const paypal = (created.payment_source as { paypal: Record<string, unknown> }).paypal;
    expect(paypal.attributes).toBeUndefined();
    expect(await licenceNow(t.db, licence.id)).toMatchObject({
      autoRenew: false,
      savedMethodId: null,
    });
    const kept = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, bob.userId));
    expect(kept).toHaveLength(0);
  });

  it('sends a refused token and a declined capture to the dunning, and charges nothing', async () => {
    const staff = await signedInStaff(t.app, t.db);
    for (const behaviour of ['REFUSED', 'DECLINED'] as const) {
      const who = await buyer(t.app);
      const { licence } = await buyThroughPaypal(who, true);
      t.fake.paypalVault.behaviours.set(t.fake.paypalVault.tokens.at(-1)!, behaviour);
      const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
      const due = new Date(expiry.getTime() - DAY + 3_600_000);
      expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ failed: 1 });
      const [term] = await termsOf(t.db, licence.id);
      expect(term!.renewal).toMatchObject({
        chargeStatus: 'failing',
        failures: 1,
        lastError: 'payment.refused',
      });
      expect(term!.order.paymentStatus).not.toBe('paid');
      expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(0);
      expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(expiry);
      const reminders = (await mailsTo(t.db, who.email)).filter((mail) =>
        mail.subject.includes(licence.licenseKey),
      );
      expect(reminders).toHaveLength(1);
      const reasons = (await eventsOf(t.db, term!.order.id)).map((e) => e.reason);
      expect(reasons).toContain('saved method charged (attempt 1)');
      expect(reasons.filter((reason) => reason?.startsWith('payment reminder'))).toHaveLength(1);
    }
  });

  it('decides nothing while PayPal is out of reach, then charges with the same key', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const carol = await buyer(t.app);
    const { licence } = await buyThroughPaypal(carol, true);
    const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    t.fake.paypalDown = true;
    try {
      expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({
        charged: 0,
        failed: 0,
      });
    } finally {
      t.fake.paypalDown = false;
    }
    const before = t.fake.requestsTo('/v2/checkout/orders').length;
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 1 });
    const [call] = t.fake.requestsTo('/v2/checkout/orders').slice(before);
    expect(call!.headers['paypal-request-id']).toBe(chargeKey(licence.id, expiry, 1));
    const [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal).toMatchObject({ chargeStatus: 'charged', failures: 0 });
  });
});

describe('the PayPal vault in the payment sandbox', () => {
  const shop = shopSuite();

  it('keeps the buyer account as a PayPal method labelled with its e-mail, and renews on it', async () => {
    const monthly = await template(shop.db, 'pro-monthly');
    const dana = await buyer(shop.app);
    const { licence } = await buyRenewing(shop.app, shop.db, dana, monthly.id, {}, 'paypal');
    expect(await methodShown(shop.app, dana, licence.id)).toEqual({
      ...(await methodShown(shop.app, dana, licence.id)),
      enabled: true,
      method: { type: 'paypal', label: dana.email, expires: null },
    });
    const staff = await signedInStaff(shop.app, shop.db);
    const expiry = (await licenceNow(shop.db, licence.id)).expiresAt!;
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    expect((await runAsOf(shop.app, staff.headers, due)).json()).toMatchObject({ charged: 1 });
    const [term] = await termsOf(shop.db, licence.id);
    expect(term!.order).toMatchObject({ paymentMethod: 'paypal', paymentStatus: 'paid' });
    expect(await invoicesOfOrder(shop.db, term!.order.id)).toHaveLength(1);
  });
});
