import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * The re-check of VAT numbers VIES could not answer for at the sale: sent by the job queue's
 * scheduler, once across processes. A failed run is retried; what it settled stays settled.
 */
export const VAT_RECHECK_JOB = defineJob<Record<string, never>>({
  name: 'vat-number-recheck',
  payload: z.object({}).strict(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  timeoutSeconds: 300,
});

/** Every hour, at 23 minutes past (UTC): away from the licence reminders' run. */
export const VAT_RECHECK_CRON = '23 * * * *';
