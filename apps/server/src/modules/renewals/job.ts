import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * The renewal run as a scheduled job of the job queue (docs/decisions/037-automatic-renewal.md):
 * sent by pg-boss's scheduler once per hour across processes. A run that fails or dies is
 * retried; what it charged stays charged, and a term it held is resumed with the same
 * idempotency key once its claim lapses.
 */
export const RENEWAL_RUN_JOB = defineJob<Record<string, never>>({
  name: 'renewal-run',
  payload: z.object({}).strict(),
  retryLimit: 3,
  retryDelaySeconds: 120,
  timeoutSeconds: 900,
});

/** Every hour, at 17 minutes past (UTC), away from the reminder sweep's minute. */
export const RENEWAL_RUN_CRON = '17 * * * *';

/**
 * The daily sweep of saved cards that stop working before their licence's next charge
 * (card-expiry-notices.ts): each is told once, so a retried or doubled sweep sends nothing more.
 */
export const CARD_EXPIRY_NOTICE_JOB = defineJob<Record<string, never>>({
  name: 'card-expiry-notices',
  payload: z.object({}).strict(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  timeoutSeconds: 600,
});

/** Every day at 07:40 UTC, a working morning in Paris. */
export const CARD_EXPIRY_NOTICE_CRON = '40 7 * * *';
