import { DEFAULT_RENEWAL_RETRY_DAYS, parseRetrySchedule } from '@cadran/domain/auto-renewal';
import { z } from 'zod';

/**
 * Automatic renewal settings (README 'Settings'): the days after a first failed charge at which
 * it is tried again. Three tries over a week by default, inside the licence's grace period.
 */
export const RenewalEnvSchema = z.object({
  RENEWAL_RETRY_DAYS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return [...DEFAULT_RENEWAL_RETRY_DAYS];
      const days = parseRetrySchedule(value);
      if (days) return days;
      ctx.addIssue({
        code: 'custom',
        message:
          'days after the first failed charge, increasing, each from 1 to 60, at most six (e.g. "1,3,7")',
      });
      return z.NEVER;
    }),
});

export interface RenewalConfig {
  /** Days after the first failed charge of a term at which it is tried again. */
  retryDays: number[];
}
