import {
  ApiError,
  ArgumentsValidationError,
  ClientCredentialsAuthManager,
  OrdersController,
  PaymentsController,
  type OAuthToken,
  type Order,
  type OrderRequest,
  type Money,
  type Refund,
} from '@paypal/paypal-server-sdk';
import type { PaypalConfig } from '../../config';
import { paypalSdkClient, SDK_TOKEN_SKEW_SECONDS, type SdkClient } from './paypal-sdk';
import { ProviderUnavailableError } from './provider';

/**
 * PayPal's REST API through its official server SDK: Orders v2 with the SDK's controller, and
 * the webhook signature check (which the SDK has no controller for) as a request built by the
 * SDK itself, so it shares the base URL, the OAuth token, the timeout and the error handling.
 *
 * The OAuth token is fetched here, not by the SDK: the SDK keeps the promise of its last token
 * and, when one fetch fails, hands that failure to every later call for the life of the process
 * (checked with @apimatic/oauth-adapters 0.4.18). Here a failed fetch fails that call only, and
 * the next call asks again. The token is a per-process cache of a credential, not shared state:
 * several processes simply hold one token each.
 */

/** Renew this long before expiry, earlier than the SDK's own check, so it never sees a stale one. */
const OWN_TOKEN_SKEW_SECONDS = SDK_TOKEN_SKEW_SECONDS * 2;
const VERIFY_WEBHOOK_PATH = '/v1/notifications/verify-webhook-signature';

/** PayPal answered, but with an error: its name and first issue say what went wrong. */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
  ) {
    super(`PayPal answered ${status} ${errorName}${issue ? ` (${issue})` : ''}`);
    this.name = 'PaypalApiError';
  }
}

/** A typed answer, and the JSON exactly as PayPal sent it (kept for the audit trail). */
export interface PaypalAnswer<T> {
  result: T;
  raw: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseJson = (body: unknown): unknown => {
  if (typeof body !== 'string' || body === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
};

/** PayPal's error name (OAuth errors call it `error`) and the first issue of its details. */
function refusal(status: number, answer: unknown): PaypalApiError {
  const body = parseJson(answer);
  const details = isRecord(body) && Array.isArray(body.details) ? body.details : [];
  const first: unknown = details[0];
  const name =
    isRecord(body) && typeof body.name === 'string'
      ? body.name
      : isRecord(body) && typeof body.error === 'string'
        ? body.error
        : 'UNKNOWN_ERROR';
  return new PaypalApiError(
    status,
    name,
    isRecord(first) && typeof first.issue === 'string' ? first.issue : undefined,
  );
}

/**
 * PayPal's refusals stay PaypalApiError (the caller decides); an outage, a timeout or an answer
 * the SDK cannot read means "try again later". Arguments the SDK refuses are our own bug.
 */
function translate(error: unknown, what: string): unknown {
  if (error instanceof ArgumentsValidationError) return error;
  if (error instanceof ApiError) {
    const status: number = error.statusCode;
    if (status < 500) return refusal(status, error.body);
    return new ProviderUnavailableError(`PayPal answered ${status} to ${what}`, {
      cause: error,
    });
  }
  return new ProviderUnavailableError(`PayPal call failed: ${what}`, { cause: error });
}

export class PaypalClient {
  private readonly sdk: SdkClient;
  private readonly orders: OrdersController;
  private readonly payments: PaymentsController;
  private readonly auth: ClientCredentialsAuthManager;
  private token: OAuthToken | undefined;
  private pendingToken: Promise<OAuthToken> | undefined;

  constructor(settings: PaypalConfig) {
    // Always resolves: a rejected promise would stay in the SDK (see above). Every call
    // fetches the token first, so it is set whenever the SDK asks.
    this.sdk = paypalSdkClient(settings, {
      token: () => Promise.resolve(this.token as OAuthToken),
    });
    this.auth = new ClientCredentialsAuthManager(
      {
        oAuthClientId: settings.clientId,
        oAuthClientSecret: settings.clientSecret,
        oAuthClockSkew: OWN_TOKEN_SKEW_SECONDS,
      },
      this.sdk,
    );
    this.orders = new OrdersController(this.sdk);
    this.payments = new PaymentsController(this.sdk);
  }

  /** One token fetch at a time; a failed fetch is not remembered. */
  private async freshToken(): Promise<void> {
    if (this.token && !this.auth.isExpired(this.token)) return;
    this.pendingToken ??= this.auth.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    this.token = await this.pendingToken;
  }

  private async run<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      await this.freshToken();
      return await call();
    } catch (error) {
      throw translate(error, what);
    }
  }

  /** `requestId` makes PayPal answer a retried creation with the order it created first. */
  createOrder(body: OrderRequest, requestId: string): Promise<PaypalAnswer<Order>> {
    return this.run('order creation', async () => {
      const answer = await this.orders.createOrder({
        body,
        paypalRequestId: requestId,
        prefer: 'return=representation',
      });
      return { result: answer.result, raw: parseJson(answer.body) };
    });
  }

  captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalAnswer<Order>> {
    return this.run('capture', async () => {
      const answer = await this.orders.captureOrder({
        id: paypalOrderId,
        paypalRequestId: requestId,
        prefer: 'return=representation',
        body: {},
      });
      return { result: answer.result, raw: parseJson(answer.body) };
    });
  }

  /** Refunds a capture in full; `requestId` makes a retry answer the first refund. */
  /** Refunds a capture: in full without `amount` (an empty body), else the amount given. */
  refundCapture(
    captureId: string,
    requestId: string,
    amount?: Money,
  ): Promise<PaypalAnswer<Refund>> {
    return this.run('refund', async () => {
      const answer = await this.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: requestId,
        prefer: 'return=representation',
        body: amount ? { amount } : {},
      });
      return { result: answer.result, raw: parseJson(answer.body) };
    });
  }

  /** PayPal's verify-webhook-signature call; answers its JSON verdict. */
  verifyWebhookSignature(input: Record<string, unknown>): Promise<unknown> {
    return this.run('webhook verification', async () => {
      const request = this.sdk.getRequestBuilderFactory()('POST', VERIFY_WEBHOOK_PATH);
      request.header('Content-Type', 'application/json');
      request.json(input);
      request.authenticate([{ oauth2: true }]);
      const answer = await request.call();
      return parseJson(answer.body);
    });
  }
}
