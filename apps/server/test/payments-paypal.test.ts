import { describe, expect, it } from 'vitest';
import { PaypalProvider } from '../src/modules/payments/paypal-provider';
import { ProviderUnavailableError } from '../src/modules/payments/provider';
import { WEBHOOK_RATE_LIMIT } from '../src/modules/payments/webhook-rate-limit';
import { PAYPAL_TEST_CLIENT } from './fake-providers';
import { cancelOrder } from './orders-helpers';
import {
  PAYMENTS,
  licensesOf,
  orderRow,
  paymentOf,
  paymentEventsOf,
  paypalSettings,
  placeAtProvider,
  providerShopSuite,
} from './payments-helpers';

// PayPal Orders v2 through PayPal's server SDK against a local server that plays PayPal, capture
// on the buyer's return, and webhooks verified through PayPal's verify-webhook-signature call
// (the local server checks a real RSA signature there). The SDK runs unmocked: only its base
// URL points at the local server.
describe('PayPal orders, capture and webhooks', () => {
  const t = providerShopSuite(paypalSettings);

  async function paypalOrder() {
    const { reference, ...placed } = await placeAtProvider(t, t.alice, 'paypal', t.pro.id);
    return { ...placed, paypalId: reference };
  }

  const returnFrom = (token: string) =>
    t.app.inject({ url: `${PAYMENTS}/paypal/return?token=${token}&PayerID=BUYER1` });

  function webhook(
    event: Record<string, unknown>,
    signed: { body: string; headers: Record<string, string> } = t.fake.signPaypalWebhook(event),
  ) {
    return t.app.inject({
      method: 'POST',
      url: `${PAYMENTS}/paypal/webhook`,
      headers: signed.headers,
      payload: signed.body,
    });
  }

  const captureEvent = (type: string, paypalId: string, orderId: string, value = '588.00') => ({
    id: `WH-${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    event_type: type,
    resource_type: 'capture',
    resource: {
      id: `CAP-${Math.random().toString(36).slice(2, 10)}`,
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
      amount: { currency_code: 'EUR', value },
      custom_id: orderId,
      supplementary_data: { related_ids: { order_id: paypalId } },
    },
  });

  it('creates a PayPal order with our lines and VAT, and sends the buyer to its approval link', async () => {
    const before = t.fake.requestsTo('/v2/checkout/orders').length;
    const { order, payment_url, paypalId } = await paypalOrder();
    expect(payment_url).toBe(`https://www.sandbox.paypal.test/checkoutnow?token=${paypalId}`);
    const call = t.fake.requestsTo('/v2/checkout/orders').slice(before)[0]!;
    expect(call.headers['user-agent']).toMatch(/^PayPal REST API TypeScript SDK/);
    expect(call.headers['paypal-request-id']).toBe(
      `cadran-order-${(await paymentOf(t.db, order.id))?.id}`,
    );
    expect(JSON.parse(call.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.id,
          invoice_id: order.order_number,
          amount: {
            currency_code: 'EUR',
            value: '588.00',
            breakdown: {
              item_total: { currency_code: 'EUR', value: '490.00' },
              tax_total: { currency_code: 'EUR', value: '98.00' },
            },
          },
          items: [{ name: 'Cadran CMS · Pro', quantity: '1', unit_amount: { value: '490.00' } }],
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            locale: 'fr-FR',
            return_url: `https://shop.cadran.test${PAYMENTS}/paypal/return`,
          },
        },
      },
    });
  });

  it('captures on return and fulfils; a second return changes nothing', async () => {
    const { order, paypalId } = await paypalOrder();
    t.fake.approve(paypalId);
    const res = await returnFrom(paypalId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/store/order/success/${order.order_number}`);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);

    const again = await returnFrom(paypalId);
    expect(again.headers.location).toBe(`/store/order/success/${order.order_number}`);
    // The webhook PayPal sends for the same capture finds the order paid.
    const late = await webhook(captureEvent('PAYMENT.CAPTURE.COMPLETED', paypalId, order.id));
    expect(late.statusCode).toBe(200);
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
  });

  it('sends a buyer who did not approve, or whose capture is declined, to the failure page', async () => {
    const unapproved = await paypalOrder();
    const res = await returnFrom(unapproved.paypalId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/store/order/failure?order=${unapproved.order.order_number}&error=cancelled`,
    );
    expect((await orderRow(t.db, unapproved.order.id))?.paymentStatus).toBe('unpaid');

    const declined = await paypalOrder();
    t.fake.approve(declined.paypalId);
    t.fake.captureStatus = 'DECLINED';
    try {
      const back = await returnFrom(declined.paypalId);
      expect(back.headers.location).toMatch(
        new RegExp(`^/store/order/failure\\?order=${declined.order.order_number}&error=refused$`),
      );
    } finally {
      t.fake.captureStatus = 'COMPLETED';
    }
    expect(await orderRow(t.db, declined.order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
    });

    const unknown = await returnFrom('PPNOTOURS');
    expect(unknown.headers.location).toBe('/store/order/failure?error=not_found');
  });

  const cancel = (orderId: string) => cancelOrder(t.app, t.alice, orderId, { reason: '' });

  it('never captures the PayPal order of a cancelled order when the buyer comes back', async () => {
    const { order, paypalId } = await paypalOrder();
    t.fake.approve(paypalId);
    expect((await cancel(order.id)).statusCode).toBe(200);
    const captures = t.fake.requestsTo(`/v2/checkout/orders/${paypalId}/capture`).length;
    const back = await returnFrom(paypalId);
    expect(back.headers.location).toBe(
      `/store/order/failure?order=${order.order_number}&error=order_cancelled`,
    );
    expect(t.fake.requestsTo(`/v2/checkout/orders/${paypalId}/capture`)).toHaveLength(captures);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
    });
  });

  it('refunds a capture that PayPal reports for an order cancelled meanwhile', async () => {
    const { order, paypalId } = await paypalOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', paypalId, order.id);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(t.fake.requestsTo(`/v2/payments/captures/${event.resource.id}/refund`)).toHaveLength(1);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(0);
  });

  it('fulfils from a verified webhook, once, and refuses unverified ones with 400', async () => {
    const { order, paypalId } = await paypalOrder();
    const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', paypalId, order.id);
    const signed = t.fake.signPaypalWebhook(event);

    const before = (await paymentEventsOf(t.db, 'paypal')).length;
    const forged = t.fake.signPaypalWebhook({ ...event, id: 'WH-FORGED' }, 'WH-SOMEONE-ELSE');
    const missing = { ...signed, headers: { 'content-type': 'application/json' } };
    const tampered = { ...signed, body: signed.body.replace('588.00', '1.00') };
    for (const [label, attempt] of [
      ['other webhook id', forged],
      ['no headers', missing],
      ['tampered body', tampered],
    ] as const) {
      const res = await webhook(event, attempt);
      expect(res.statusCode, label).toBe(400);
    }
    expect((await paymentEventsOf(t.db, 'paypal')).length).toBe(before);
    expect((await orderRow(t.db, order.id))?.paymentStatus).toBe('unpaid');

    for (let i = 0; i < 3; i += 1) expect((await webhook(event, signed)).statusCode).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });
    expect(await licensesOf(t.db, order.id)).toHaveLength(1);
  });

  it('fails on a denied capture and flags a capture of another amount', async () => {
    const denied = await paypalOrder();
    await webhook(captureEvent('PAYMENT.CAPTURE.DENIED', denied.paypalId, denied.order.id));
    expect(await orderRow(t.db, denied.order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
    });

    const short = await paypalOrder();
    await webhook(
      captureEvent('PAYMENT.CAPTURE.COMPLETED', short.paypalId, short.order.id, '58.80'),
    );
    const row = await orderRow(t.db, short.order.id);
    expect(row?.flaggedReason).toMatch(
      /amount mismatch: received 58\.80 EUR, expected 588\.00 EUR/,
    );
    expect(await licensesOf(t.db, short.order.id)).toHaveLength(0);
  });

  it('answers 503 when PayPal cannot verify, so PayPal delivers again later', async () => {
    const event = { id: 'WH-OUTAGE', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} };
    const signed = t.fake.signPaypalWebhook(event);
    t.fake.paypalDown = true;
    try {
      const res = await webhook(event, signed);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false });
    } finally {
      t.fake.paypalDown = false;
    }
    expect(await paymentEventsOf(t.db, 'paypal')).not.toContainEqual(
      expect.objectContaining({ eventId: 'WH-OUTAGE' }),
    );
  });

  const verifications = () =>
    t.fake.requestsTo('/v1/notifications/verify-webhook-signature').length;

  it('refuses a delivery whose signature headers or body could not be PayPal’s, without asking PayPal', async () => {
    const event = { id: 'WH-EARLY', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} };
    const signed = t.fake.signPaypalWebhook(event);
    const spoiled = (header: string, value: string | undefined) => {
      const headers: Record<string, string> = { ...signed.headers };
      if (value === undefined) delete headers[header];
      else headers[header] = value;
      return { body: signed.body, headers };
    };
    const before = verifications();
    for (const [label, attempt] of [
      ['no transmission id', spoiled('paypal-transmission-id', undefined)],
      ['empty signature', spoiled('paypal-transmission-sig', '')],
      ['signature not base64', spoiled('paypal-transmission-sig', 'not base64 at all!')],
      ['transmission time not a date', spoiled('paypal-transmission-time', 'yesterday')],
      ['certificate over http', spoiled('paypal-cert-url', 'http://api.paypal.com/v1/cert')],
      ['certificate elsewhere', spoiled('paypal-cert-url', 'https://paypal.com.evil.example/c')],
      ['certificate with credentials', spoiled('paypal-cert-url', 'https://u:p@api.paypal.com/c')],
      ['auth algo with spaces', spoiled('paypal-auth-algo', 'SHA256 with RSA')],
      ['transmission id with a slash', spoiled('paypal-transmission-id', '../../x')],
      ['body not JSON', { ...signed, body: '{"id":' }],
      ['body without event type', { ...signed, body: JSON.stringify({ id: 'WH-EARLY' }) }],
    ] as const) {
      const res = await webhook(event, attempt);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ success: false });
    }
    expect(verifications()).toBe(before);
    // The same delivery, untouched, is verified by PayPal.
    expect((await webhook(event, signed)).statusCode).toBe(200);
    expect(verifications()).toBe(before + 1);
  });

  it('answers 429 to an address flooding the webhook, and keeps serving PayPal', async () => {
    const attacker = '203.0.113.66';
    const post = (headers: Record<string, string>, remoteAddress = attacker) =>
      t.app.inject({
        method: 'POST',
        url: `${PAYMENTS}/paypal/webhook`,
        remoteAddress,
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{"id":"WH-FLOOD","event_type":"PAYMENT.CAPTURE.COMPLETED"}',
      });
    const before = verifications();
    // Windows are fixed (they start on the minute): a flood that straddles a boundary starts
    // counting again once, so it is refused after the limit, and at the latest after twice it.
    let refusedAfter = 0;
    for (let i = 0; i <= 2 * WEBHOOK_RATE_LIMIT.max; i += 1) {
      const res = await post({ 'paypal-transmission-id': `forged-${i}` });
      if (res.statusCode === 429) break;
      expect(res.statusCode).toBe(400);
      refusedAfter += 1;
    }
    expect(refusedAfter).toBeGreaterThanOrEqual(WEBHOOK_RATE_LIMIT.max);
    expect(refusedAfter).toBeLessThanOrEqual(2 * WEBHOOK_RATE_LIMIT.max);

    const limited = await post(
      t.fake.signPaypalWebhook({ id: 'WH-LATE', event_type: 'X' }).headers,
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false });
    expect(verifications()).toBe(before);

    // PayPal, posting from its own address, is not held back by the attacker's counter.
    const event = { id: 'WH-FROM-PAYPAL', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} };
    const signed = t.fake.signPaypalWebhook(event);
    const genuine = await t.app.inject({
      method: 'POST',
      url: `${PAYMENTS}/paypal/webhook`,
      remoteAddress: '198.51.100.20',
      headers: signed.headers,
      payload: signed.body,
    });
    expect(genuine.statusCode).toBe(200);
    expect(verifications()).toBe(before + 1);
  });

  it('recovers from a failed token request at the next call', async () => {
    // A provider of its own, so its first call needs a token.
    const provider = new PaypalProvider(
      {
        clientId: PAYPAL_TEST_CLIENT.id,
        clientSecret: PAYPAL_TEST_CLIENT.secret,
        webhookId: PAYPAL_TEST_CLIENT.webhookId,
        apiBase: t.fake.baseUrl,
      },
      'https://shop.cadran.test',
    );
    const event = { id: 'WH-TOKEN', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} };
    const signed = t.fake.signPaypalWebhook(event);
    const parse = () => provider.parseWebhook(Buffer.from(signed.body), signed.headers);
    t.fake.paypalTokenDown = true;
    try {
      await expect(parse()).rejects.toBeInstanceOf(ProviderUnavailableError);
    } finally {
      t.fake.paypalTokenDown = false;
    }
    await expect(parse()).resolves.toMatchObject({ eventId: 'WH-TOKEN', outcome: 'ignored' });
  });
});
