import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../plugins/rate-limit';
import { bodyEmail } from '../auth/rate-limits';

/**
 * Limits of the account routes (docs/product.md 'Limits and constants' ('Rate limits')),
 * counted in the database like every other. Per address and per e-mail for the forgotten
 * password, so neither one visitor nor many can flood an inbox; per account for what a
 * signed-in session can repeat (each re-checks the password: no guessing through them).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const byAccount = (request: FastifyRequest): string => request.auth?.account.id ?? request.ip;

export const ACCOUNT_RATE_LIMITS = {
  forgotPerIp: { name: 'account-forgot-ip', max: 10, windowMs: HOUR },
  forgotPerEmail: { name: 'account-forgot-email', max: 3, windowMs: HOUR, keyFor: bodyEmail },
  linkPerIp: { name: 'account-link-ip', max: 20, windowMs: 10 * MINUTE },
  resendPerAccount: { name: 'account-resend', max: 3, windowMs: HOUR, keyFor: byAccount },
  emailChangePerAccount: { name: 'account-email', max: 5, windowMs: HOUR, keyFor: byAccount },
  passwordCheckPerAccount: {
    name: 'account-password-check',
    max: 10,
    windowMs: 15 * MINUTE,
    keyFor: byAccount,
  },
} as const satisfies Record<string, RateLimitRule>;
