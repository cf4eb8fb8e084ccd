import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import type { AuthHook } from './current-account';

/**
 * Limits on mass-creating accounts, and the 429 answer every sign-in and registration limit
 * shares. Sign-in has its own throttle (./login-throttle.ts). Counters live in the database
 * (plugins/rate-limit.ts), so every server process shares them.
 */
const ONE_HOUR = 60 * 60 * 1000;

export const AUTH_RATE_LIMITS = {
  registerPerIp: { name: 'auth-register-ip', max: 10, windowMs: ONE_HOUR },
  registerPerEmail: { name: 'auth-register-email', max: 5, windowMs: ONE_HOUR },
} as const;

type Rule = (typeof AUTH_RATE_LIMITS)[keyof typeof AUTH_RATE_LIMITS];

/** The counter key of an address: hashed, so the counters table holds no e-mail in clear. */
export const emailKey = (email: string): string =>
  createHash('sha256').update(email).digest('base64url').slice(0, 32);

/** The normalised e-mail of a validated body (login and register both lowercase it). */
export const bodyEmail = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? emailKey(body.email) : 'none';
};

export const requestIp = (request: FastifyRequest): string => request.ip;

/**
 * The 429 answer, with Retry-After. The message gives minutes: "try again in 840 seconds"
 * helps nobody.
 */
export const tooManyAttempts = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, 'server.auth_rate_limited', {
    params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** A hook answering 429 once `rule` is exceeded; every attempt counts. */
export function authRateLimit(
  app: FastifyInstance,
  rule: Rule,
  keyOf: (request: FastifyRequest) => string,
): AuthHook {
  return async (request) => {
    const result = await app.rateLimiter.hit(`${rule.name}:${keyOf(request)}`, rule);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
  };
}
