import type { RateLimitRule } from '../../plugins/rate-limit';

/**
 * Posts one address may make to a provider's webhook route per minute. PayPal and Stripe each
 * deliver from a handful of addresses, one post per event, and an order here makes a few
 * events: 300 a minute (five a second) from one address is far above their real traffic,
 * redelivery bursts after an outage included, and it caps how many calls to PayPal's
 * verification API one anonymous address can cause. Both providers deliver again later after
 * a 429, so the limit delays an event, never loses it.
 */
export const WEBHOOK_RATE_LIMIT = { max: 300, windowMs: 60 * 1000 } as const;

/** One counter per provider and address: a flood on one route leaves the other alone. */
export const webhookRateLimit = (provider: 'stripe' | 'paypal'): RateLimitRule => ({
  name: `payment-webhook-${provider}`,
  ...WEBHOOK_RATE_LIMIT,
});
