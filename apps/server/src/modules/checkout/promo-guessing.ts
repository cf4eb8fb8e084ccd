import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';

/**
 * Promo codes cannot be guessed by trying (docs/decisions/014-vies-and-promo-redemptions.md):
 * each unknown code tried counts against the visitor's address and, when signed in, the
 * account; past the limit every request carrying a code is refused until the window ends, so
 * even a right guess then teaches nothing. Known codes count nothing: a customer retyping a
 * real code is never stopped.
 */
export const PROMO_GUESS_LIMIT = { name: 'promo-unknown', max: 10, windowMs: 15 * 60 * 1000 };

const counters = (request: FastifyRequest): string[] => {
  const keys = [`${PROMO_GUESS_LIMIT.name}:ip:${request.ip}`];
  const account = request.auth?.account.id;
  if (account) keys.push(`${PROMO_GUESS_LIMIT.name}:account:${account}`);
  return keys;
};

const tooMany = (seconds: number) =>
  new HttpError(429, 'promo.too_many_attempts', {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
    fieldErrors: { promo_code: ['promo.too_many_attempts'] },
  });

/** Refuses a request with a code while its address or account is over the limit. */
export async function refuseWhileGuessing(
  app: FastifyInstance,
  request: FastifyRequest,
  promoCode: string,
): Promise<void> {
  if (promoCode === '') return;
  for (const key of counters(request)) {
    const state = await app.rateLimiter.peek(key, PROMO_GUESS_LIMIT);
    if (!state.allowed) throw tooMany(state.retryAfterSeconds);
  }
}

/** Counts one unknown code tried by this address and account. */
export async function countUnknownPromo(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  for (const key of counters(request)) await app.rateLimiter.hit(key, PROMO_GUESS_LIMIT);
}
