import {
  Client,
  Environment,
  type OAuthToken,
  type OrdersController,
} from '@paypal/paypal-server-sdk';
import type { PaypalConfig } from '../../config';

/**
 * PayPal's server SDK, pointed at PAYPAL_API_BASE. The SDK only knows PayPal's two hosts (its
 * Environment is Production or Sandbox), so any other base (the local stand-in of the tests,
 * a recording proxy) is reached by rewriting each request's URL in a request interceptor: the
 * hook the SDK itself uses to add its user agent. Every controller and the OAuth flow take
 * their requests from the client given to them, so they all go to the same base.
 */

/** What the SDK's controllers are built from (not exported by name by the SDK). */
export type SdkClient = ConstructorParameters<typeof OrdersController>[0];

const LIVE_API = 'https://api-m.paypal.com';
const SANDBOX_API = 'https://api-m.sandbox.paypal.com';
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The SDK only asks for a new token when its own copy is this close to expiry. The caller
 * renews earlier than that (see PaypalClient), so the SDK never finds the token stale.
 */
export const SDK_TOKEN_SKEW_SECONDS = 60;

export interface SdkOptions {
  /** Hands the SDK the token this process holds; must never reject (see PaypalClient). */
  token: () => Promise<OAuthToken>;
}

export function paypalSdkClient(settings: PaypalConfig, options: SdkOptions): SdkClient {
  const environment = settings.apiBase === LIVE_API ? Environment.Production : Environment.Sandbox;
  const client = new Client({
    environment,
    timeout: REQUEST_TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: settings.clientId,
      oAuthClientSecret: settings.clientSecret,
      oAuthClockSkew: SDK_TOKEN_SKEW_SECONDS,
      oAuthTokenProvider: () => options.token(),
    },
  });
  if (settings.apiBase === LIVE_API || settings.apiBase === SANDBOX_API) return client;
  return rebased(client, SANDBOX_API, settings.apiBase);
}

/**
 * A client whose every request goes to `base` instead of `from`. It starts from the sandbox
 * environment, so a request this rewriting missed would reach PayPal's sandbox, never the live
 * API; it is refused instead.
 */
function rebased(client: Client, from: string, base: string): SdkClient {
  const factory = client.getRequestBuilderFactory();
  const rewrite = (url: string): string => {
    if (!url.startsWith(`${from}/`)) throw new Error(`PayPal request outside ${from}: ${url}`);
    return `${base}${url.slice(from.length)}`;
  };
  const rebasedFactory: typeof factory = (...args) => {
    const builder = factory(...args);
    builder.interceptRequest((request) => ({ ...request, url: rewrite(request.url) }));
    return builder;
  };
  return { getRequestBuilderFactory: () => rebasedFactory };
}
