import type { PaypalConfig } from '../../config';
import { ProviderUnavailableError } from './provider';

/**
 * PayPal's REST API (Orders v2, webhook verification) over fetch (issue 7). An OAuth access
 * token is fetched with the client credentials and reused until shortly before it expires: a
 * per-process cache of a credential, not shared state, so several processes simply hold one
 * token each.
 */

const REQUEST_TIMEOUT_MS = 20_000;
/** Renew the token this long before PayPal says it expires, so no call races the expiry. */
const TOKEN_MARGIN_MS = 60_000;

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

type FetchLike = typeof fetch;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class PaypalClient {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly settings: PaypalConfig,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  private async send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`PayPal unreachable: ${new URL(url).pathname}`, {
        cause: error,
      });
    }
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    if (response.status >= 500) {
      throw new ProviderUnavailableError(`PayPal answered ${response.status}`);
    }
    if (!response.ok) {
      const details = isRecord(body) && Array.isArray(body.details) ? body.details : [];
      const first: unknown = details[0];
      throw new PaypalApiError(
        response.status,
        isRecord(body) && typeof body.name === 'string'
          ? body.name
          : isRecord(body) && typeof body.error === 'string'
            ? body.error
            : 'UNKNOWN_ERROR',
        isRecord(first) && typeof first.issue === 'string' ? first.issue : undefined,
      );
    }
    return { status: response.status, body };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString(
      'base64',
    );
    const { body } = await this.send(`${this.settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!isRecord(body) || typeof body.access_token !== 'string') {
      throw new ProviderUnavailableError('PayPal token answer without access_token');
    }
    const lifetimeMs = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 0;
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS),
    };
    return body.access_token;
  }

  /** A JSON call with the bearer token; `requestId` makes PayPal answer a retry with the first result. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    requestId?: string,
  ): Promise<unknown> {
    const token = await this.accessToken();
    const { body } = await this.send(`${this.settings.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    return body;
  }
}
