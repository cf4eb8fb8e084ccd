import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { FakePaypalVault } from './fake-paypal-vault';
import { FakeStripeIntents } from './fake-stripe-intents';

/**
 * A local HTTP server that plays the parts of Stripe's and PayPal's APIs the payments module
 * calls: Checkout Session creation with idempotency keys, PayPal OAuth, Orders v2
 * create and capture, and PayPal's verify-webhook-signature, which really checks an RSA
 * signature made by `signPaypalWebhook`, and refunds of both, idempotent as the real ones are. The server code under test runs unchanged against it.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Json = Record<string, unknown>;

/** Stripe's form encoding ("line_items[0][price_data][currency]=eur") back into objects. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = [...key.matchAll(/[^[\]]+/g)].map((m) => m[0]);
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

const read = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

export const STRIPE_TEST_KEY = 'sk_test_cadran_local';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_cadran_local_secret';
export const PAYPAL_TEST_CLIENT = {
  id: 'cadran-client',
  secret: 'cadran-secret',
  webhookId: 'WH-CADRAN-1',
};

interface PaypalOrder {
  id: string;
  body: Json;
  approved: boolean;
  captured: Json | undefined;
}

export class FakeProviders {
  readonly requests: RecordedRequest[] = [];
  private server: Server | undefined;
  private readonly stripeByKey = new Map<string, Json>();
  private readonly paypalByRequestId = new Map<string, Json>();
  readonly paypalOrders = new Map<string, PaypalOrder>();
  /** Stripe's customers, saved methods and off-session charges. */
  readonly stripeIntents = new FakeStripeIntents();
  /** PayPal's payment tokens and the orders charged on them. */
  readonly paypalVault = new FakePaypalVault();
  /** What the next PayPal capture reports ('COMPLETED', 'DECLINED', 'PENDING'). */
  captureStatus = 'COMPLETED';
  /** Answer 500 to Checkout Session creation, as an outage would. */
  stripeDown = false;
  /** Answer 503 to every PayPal call after the token, as an outage would. */
  paypalDown = false;
  /** Answer 503 to PayPal token requests, as an outage of PayPal's OAuth service would. */
  paypalTokenDown = false;
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  baseUrl = '';

  /**
   * Where PayPal's headers say its signing certificate lives. Only this stand-in's verification
   * endpoint reads it, and it checks the signature with its own key, so nothing is fetched.
   */
  readonly certUrl = `https://api.sandbox.paypal.com/v1/notifications/certs/CERT-cadran-${randomBytes(4).toString('hex')}`;

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) =>
        send(response, 500, { error: String(error) }),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  requestsTo(path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) =>
      typeof path === 'string' ? r.path === path : path.test(r.path),
    );
  }

  approve(paypalOrderId: string): void {
    const order = this.paypalOrders.get(paypalOrderId);
    if (!order) throw new Error(`no PayPal order ${paypalOrderId}`);
    order.approved = true;
  }

  /** Headers and body of a PayPal webhook delivery, signed as PayPal signs them. */
  signPaypalWebhook(event: Json, webhookId = PAYPAL_TEST_CLIENT.webhookId) {
    const body = JSON.stringify(event);
    const transmissionId = id('tx-');
    const transmissionTime = new Date().toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': this.certUrl,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signer.sign(this.keys.privateKey, 'base64'),
        'paypal-transmission-time': transmissionTime,
      },
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await read(request);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    this.requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
    const auth = request.headers.authorization ?? '';
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    if (
      auth === `Bearer ${STRIPE_TEST_KEY}` &&
      this.stripeIntents.handle(
        request.method ?? 'GET',
        url,
        request.method === 'POST' ? parseStripeForm(body) : {},
        request.headers['idempotency-key'] as string | undefined,
        response,
      )
    ) {
      return;
    }

    if (path === '/v1/checkout/sessions' && request.method === 'POST') {
      if (auth !== `Bearer ${STRIPE_TEST_KEY}`) {
        send(response, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key' },
        });
        return;
      }
      if (this.stripeDown) {
        send(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
        return;
      }
      const key = String(request.headers['idempotency-key'] ?? id('auto-'));
      const earlier = this.stripeByKey.get(key);
      if (earlier) {
        send(response, 200, earlier);
        return;
      }
      const params = parseStripeForm(body);
      const lines = Object.values((params.line_items ?? {}) as Record<string, Json>);
      const total = lines.reduce((sum, line) => {
        const price = line.price_data as Json;
        return sum + Number(price.unit_amount) * Number(line.quantity);
      }, 0);
      const sessionId = id('cs_test_');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        amount_total: total,
        currency: 'eur',
        payment_status: 'unpaid',
        status: 'open',
        customer_email: params.customer_email,
        client_reference_id: params.client_reference_id,
        metadata: params.metadata ?? {},
        locale: params.locale,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
      };
      this.stripeByKey.set(key, session);
      send(response, 200, session);
      return;
    }

    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire && request.method === 'POST') {
      const session = [...this.stripeByKey.values()].find((s) => s.id === expire[1]);
      if (!session) {
        send(response, 404, {
          error: { type: 'invalid_request_error', message: 'No such session' },
        });
        return;
      }
      if (session.status !== 'open') {
        send(response, 400, {
          error: { type: 'invalid_request_error', message: `Session is ${String(session.status)}` },
        });
        return;
      }
      session.status = 'expired';
      send(response, 200, session);
      return;
    }

    if (path === '/v1/refunds' && request.method === 'POST') {
      if (this.stripeDown) {
        send(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
        return;
      }
      // Like Stripe, a repeated idempotency key answers the first refund instead of a second.
      const key = String(request.headers['idempotency-key'] ?? id('auto-'));
      const params = parseStripeForm(body);
      const refund = this.stripeByKey.get(key) ?? {
        id: id('re_'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: params.payment_intent,
        reason: params.reason,
      };
      this.stripeByKey.set(key, refund);
      send(response, 200, refund);
      return;
    }

    if (path === '/v1/oauth2/token' && request.method === 'POST') {
      if (this.paypalTokenDown) {
        send(response, 503, { name: 'SERVICE_UNAVAILABLE' });
        return;
      }
      const expected = Buffer.from(
        `${PAYPAL_TEST_CLIENT.id}:${PAYPAL_TEST_CLIENT.secret}`,
      ).toString('base64');
      if (auth !== `Basic ${expected}` || body !== 'grant_type=client_credentials') {
        send(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
        return;
      }
      send(response, 200, {
        access_token: 'A21-local-token',
        token_type: 'Bearer',
        expires_in: 32400,
      });
      return;
    }

    if (path.startsWith('/v2/') || path.startsWith('/v1/notifications/')) {
      if (this.paypalDown) {
        send(response, 503, { name: 'SERVICE_UNAVAILABLE' });
        return;
      }
      if (auth !== 'Bearer A21-local-token') {
        send(response, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
        return;
      }
    }

    if (path === '/v2/checkout/orders' && request.method === 'POST') {
      const requestId = String(request.headers['paypal-request-id'] ?? id('auto-'));
      const earlier = this.paypalByRequestId.get(requestId);
      if (earlier) {
        send(response, 200, earlier);
        return;
      }
      const vaultId = FakePaypalVault.vaultIdOf(JSON.parse(body) as Json);
      if (vaultId) {
        const charged = this.paypalVault.charge(vaultId, JSON.parse(body) as Json);
        if (charged.status < 400) this.paypalByRequestId.set(requestId, charged.body);
        send(response, charged.status, charged.body);
        return;
      }
      const orderId = id('PP').toUpperCase();
      const answer = {
        id: orderId,
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { rel: 'self', href: `${this.baseUrl}/v2/checkout/orders/${orderId}`, method: 'GET' },
          {
            rel: 'payer-action',
            href: `https://www.sandbox.paypal.test/checkoutnow?token=${orderId}`,
            method: 'GET',
          },
        ],
      };
      this.paypalOrders.set(orderId, {
        id: orderId,
        body: JSON.parse(body) as Json,
        approved: false,
        captured: undefined,
      });
      this.paypalByRequestId.set(requestId, answer);
      send(response, 200, answer);
      return;
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (capture && request.method === 'POST') {
      const order = this.paypalOrders.get(decodeURIComponent(capture[1] ?? ''));
      if (!order) {
        send(response, 404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
        });
        return;
      }
      if (order.captured) {
        send(response, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
        });
        return;
      }
      if (!order.approved) {
        send(response, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'ORDER_NOT_APPROVED' }],
        });
        return;
      }
      const unit = (order.body.purchase_units as Json[])[0] ?? {};
      const vaulted =
        this.captureStatus === 'COMPLETED' ? this.paypalVault.captureSource(order.body) : undefined;
      order.captured = {
        id: order.id,
        status: this.captureStatus === 'COMPLETED' ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
        ...(vaulted ? { payment_source: vaulted } : {}),
        purchase_units: [
          {
            reference_id: unit.reference_id,
            payments: {
              captures: [
                {
                  id: id('CAP').toUpperCase(),
                  status: this.captureStatus,
                  amount: {
                    currency_code: (unit.amount as Json).currency_code,
                    value: (unit.amount as Json).value,
                  },
                  custom_id: unit.custom_id,
                  invoice_id: unit.invoice_id,
                },
              ],
            },
          },
        ],
      };
      send(response, 201, order.captured);
      return;
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refund && request.method === 'POST') {
      if (this.paypalDown) {
        send(response, 503, { name: 'SERVICE_UNAVAILABLE' });
        return;
      }
      const requestId = String(request.headers['paypal-request-id'] ?? id('auto-'));
      const answer = this.paypalByRequestId.get(requestId) ?? {
        id: id('REF').toUpperCase(),
        status: 'COMPLETED',
        links: [{ href: `${this.baseUrl}/v2/payments/captures/${refund[1]}`, rel: 'up' }],
      };
      this.paypalByRequestId.set(requestId, answer);
      send(response, 201, answer);
      return;
    }

    if (path === '/v1/notifications/verify-webhook-signature' && request.method === 'POST') {
      const input = JSON.parse(body) as Json;
      const event = JSON.stringify(input.webhook_event);
      const verifier = createVerify('RSA-SHA256');
      verifier.update(
        `${String(input.transmission_id)}|${String(input.transmission_time)}|${String(input.webhook_id)}|${crc32(event)}`,
      );
      const valid =
        input.auth_algo === 'SHA256withRSA' &&
        input.cert_url === this.certUrl &&
        input.webhook_id === PAYPAL_TEST_CLIENT.webhookId &&
        typeof input.transmission_sig === 'string' &&
        verifier.verify(this.keys.publicKey, input.transmission_sig, 'base64');
      send(response, 200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
      return;
    }

    send(response, 404, { error: `no route ${request.method} ${path}` });
  }
}
