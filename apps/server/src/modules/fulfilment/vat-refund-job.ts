import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * The VAT of orders whose VAT number was confirmed after the sale, given back: sent by the job
 * queue's scheduler, once across processes. Each refund is given once whatever the retries
 * (refund-vat.ts), so a failed run is simply retried.
 */
export const VAT_REFUND_JOB = defineJob<Record<string, never>>({
  name: 'vat-refund',
  payload: z.object({}).strict(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  timeoutSeconds: 300,
});

/** Every hour, at 28 minutes past (UTC): five minutes after the re-check of VAT numbers. */
export const VAT_REFUND_CRON = '28 * * * *';
