import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * The reminder sweep (docs/decisions/017-licence-reminders.md): sent by pg-boss's scheduler
 * every hour, once across processes; each run sends the reminders due at its clock. A failed
 * run is retried soon: what it committed stays sent, what it did not is sent by the retry.
 */
export const LICENSE_REMINDERS_JOB = defineJob<Record<string, never>>({
  name: 'license-reminders',
  payload: z.object({}).strict(),
  retryLimit: 3,
  retryDelaySeconds: 60,
  timeoutSeconds: 300,
});

/** Every hour, at 7 minutes past (UTC): a reminder leaves within the hour it falls due. */
export const LICENSE_REMINDERS_CRON = '7 * * * *';
