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
