import { eq, sql } from 'drizzle-orm';
import { orders } from '../src/db/schema/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema/payments';
import { staffAuditEntries } from '../src/db/schema/audit';
import { parseStripeForm } from './fake-providers';
import { invoicesOf } from './invoices-helpers';
import {
  PAYMENTS,
  deliverStripeEvent,
  licensesOf,
  orderRow,
  paidSession,
  paymentOf,
  paypalSettings,
  placeAtProvider,
  providerShopSuite,
  stripeSettings,
} from './payments-helpers';
import { adminPost, signedInStaff } from './staff-helpers';

/*
 * Staff refunds through the real Stripe and PayPal SDKs, against the local stand-in of both
 * APIs (docs/payments.md 'Refunds'): the provider is called with the money's id and the
 * attempt's idempotency key, and a provider that fails leaves everything as it was (502).
 */
describe('staff refunds through Stripe and PayPal', () => {
  const t = providerShopSuite((fakeBaseUrl) => ({
    ...stripeSettings(fakeBaseUrl),
    ...paypalSettings(fakeBaseUrl),
  }));
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = (await signedInStaff(t.app, t.db)).headers;
  });

  const refund = (orderId: string) =>
    adminPost(t.app, `/orders/${orderId}/refund`, admin, { reason: 'Demande du client' });

  /** An order paid by card: Stripe's completed session names its payment intent. */
  async function paidByStripe() {
    const placed = await placeAtProvider(t, t.alice, 'stripe', t.pro.id);
    const intent = `pi_${placed.order.id.slice(0, 8)}`;
    const paid = await deliverStripeEvent(
      t.app,
      'checkout.session.completed',
      paidSession(placed.reference, placed.order.id, { payment_intent: intent }),
    );
    expect(paid.statusCode).toBe(200);
    expect((await orderRow(t.db, placed.order.id))?.paymentStatus).toBe('paid');
    return { orderId: placed.order.id, intent };
  }

  /** An order paid with PayPal: approved, then captured on the buyer's return. */
  async function paidByPaypal() {
    const placed = await placeAtProvider(t, t.alice, 'paypal', t.pro.id);
    t.fake.approve(placed.reference);
    const back = await t.app.inject({
      url: `${PAYMENTS}/paypal/return?token=${placed.reference}&PayerID=BUYER1`,
    });
    expect(back.statusCode).toBe(303);
    const capture = (await paymentOf(t.db, placed.order.id))?.moneyReference;
    expect(capture).toMatch(/^CAP/);
    return { orderId: placed.order.id, capture: capture! };
  }

  it('refunds a card payment with Stripe, naming the payment intent, once', async () => {
    const { orderId, intent } = await paidByStripe();
    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const calls = t.fake.requestsTo('/v1/refunds');
    const call = calls.at(-1)!;
    expect(parseStripeForm(call.body)).toMatchObject({ payment_intent: intent });
    const payment = await paymentOf(t.db, orderId);
    expect(call.headers['idempotency-key']).toBe(`cadran-refund-${payment!.id}`);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ provider: 'stripe', amountCents: 58800 });
    expect(row?.providerReference).toMatch(/^re_/);
    expect(await orderRow(t.db, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect((await licensesOf(t.db, orderId)).every((l) => l.state === 'revoked')).toBe(true);

    expect((await refund(orderId)).statusCode).toBe(409);
    expect(t.fake.requestsTo('/v1/refunds')).toHaveLength(calls.length);
  });

  it('refunds a PayPal capture through the PayPal SDK', async () => {
    const { orderId, capture } = await paidByPaypal();
    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const [call] = t.fake.requestsTo(`/v2/payments/captures/${capture}/refund`);
    expect(call?.headers['paypal-request-id']).toMatch(/^cadran-refund-/);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ provider: 'paypal' });
    expect(row?.providerReference).toMatch(/^REF/);
    expect((await invoicesOf(t.db, orderId)).map((doc) => doc.kind).sort()).toEqual([
      'credit_note',
      'invoice',
    ]);
  });

  /**
   * The order as it stands once a Belgian company's VAT number, only format-checked at the sale
   * (it paid the VAT), is confirmed: what gives its VAT back.
   */
  const confirmBelgianNumber = (orderId: string) =>
    t.db
      .update(orders)
      .set({
        billingAddress: sql`jsonb_set(${orders.billingAddress}, '{country}', '"BE"')`,
        vatNumber: 'BE0403170701',
        vatNumberStatus: 'verified',
        taxKind: 'eu_consumer',
      })
      .where(eq(orders.id, orderId));

  it('gives back the VAT alone through Stripe and PayPal, then only the rest, each once', async () => {
    const card = await paidByStripe();
    await confirmBelgianNumber(card.orderId);
    const vatCents = (await orderRow(t.db, card.orderId))!.taxCents;
    expect((await t.app.fulfilment.refundConfirmedVat(card.orderId)).kind).toBe('refunded');
    const payment = await paymentOf(t.db, card.orderId);
    const vatCall = t.fake.requestsTo('/v1/refunds').at(-1)!;
    expect(parseStripeForm(vatCall.body)).toMatchObject({
      payment_intent: card.intent,
      amount: String(vatCents),
    });
    expect(vatCall.headers['idempotency-key']).toBe(`cadran-vat-refund-${payment!.id}`);
    // The staff refund then gives back the rest, under its own key.
    expect((await refund(card.orderId)).statusCode).toBe(200);
    const restCall = t.fake.requestsTo('/v1/refunds').at(-1)!;
    expect(parseStripeForm(restCall.body)).toMatchObject({ amount: String(58800 - vatCents) });
    expect(restCall.headers['idempotency-key']).toBe(`cadran-refund-${payment!.id}`);

    const wallet = await paidByPaypal();
    await confirmBelgianNumber(wallet.orderId);
    expect((await t.app.fulfilment.refundConfirmedVat(wallet.orderId)).kind).toBe('refunded');
    const [paypalCall] = t.fake.requestsTo(`/v2/payments/captures/${wallet.capture}/refund`);
    expect(JSON.parse(paypalCall!.body)).toEqual({
      amount: { currency_code: 'EUR', value: (vatCents / 100).toFixed(2) },
    });
    expect(paypalCall?.headers['paypal-request-id']).toMatch(/^cadran-vat-refund-/);
    expect(await t.app.fulfilment.refundConfirmedVat(wallet.orderId)).toEqual({
      kind: 'nothing_due',
    });
    expect(t.fake.requestsTo(`/v2/payments/captures/${wallet.capture}/refund`)).toHaveLength(1);
  });

  it('answers 502 when the provider is down, and changes nothing', async () => {
    const card = await paidByStripe();
    const wallet = await paidByPaypal();
    const auditBefore = await t.db.$count(staffAuditEntries);
    t.fake.stripeDown = true;
    t.fake.paypalDown = true;
    try {
      for (const orderId of [card.orderId, wallet.orderId]) {
        const res = await refund(orderId);
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json()).toMatchObject({ success: false });
        expect(await orderRow(t.db, orderId)).toMatchObject({
          status: 'completed',
          paymentStatus: 'paid',
        });
        expect(await t.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(0);
        expect(await invoicesOf(t.db, orderId)).toHaveLength(1);
        expect((await licensesOf(t.db, orderId)).every((l) => l.state === 'active')).toBe(true);
        expect((await paymentOf(t.db, orderId))?.status).toBe('succeeded');
      }
      expect(await t.db.$count(staffAuditEntries)).toBe(auditBefore);
    } finally {
      t.fake.stripeDown = false;
      t.fake.paypalDown = false;
    }
    // Back up, the same refund goes through.
    expect((await refund(card.orderId)).statusCode).toBe(200);
  });
});
