import { successEnvelope } from '@cadran/domain/api';
import { DashboardResponseSchema } from '@cadran/domain/staff-customers';
import { BillingCycleSchema } from '@cadran/domain/wire-schemas';
import { z } from 'zod';

/**
 * The staff API's answers about automatic renewals (docs/decisions/050-renewal-screens.md):
 * money in integer cents, like every staff answer.
 */

export const RenewalItemSchema = z.object({
  license_id: z.string(),
  customer_email: z.string(),
  template_name: z.string(),
  billing_cycle: BillingCycleSchema,
  next_charge_at: z.string().nullable(),
  amount: z.number().int().nullable(),
  method_label: z.string().nullable(),
  /** The failed charges of the current term: 0 while nothing failed. */
  dunning_stage: z.union([z.number().int(), z.string()]).nullable(),
  last_error: z.string().nullable(),
});
export type RenewalItem = z.infer<typeof RenewalItemSchema>;

export const RenewalsSchema = successEnvelope({
  /** Due in the next 30 days. */
  upcoming: z.array(RenewalItemSchema),
  /** Whose last charge failed, being chased. */
  failing: z.array(RenewalItemSchema),
  /** Whose automatic renewal was stopped, by the buyer or after the chase ran out. */
  stopped: z.array(RenewalItemSchema),
});
export type Renewals = z.infer<typeof RenewalsSchema>;

/** A run's outcome, as counts (a list is counted). */
const count = z.union([
  z.number().int().min(0),
  z.array(z.unknown()).transform((items) => items.length),
]);
export const RenewalRunSchema = successEnvelope({ charged: count, failed: count, skipped: count });
export type RenewalRun = z.infer<typeof RenewalRunSchema>;

export const RecurringSchema = z.object({
  /** Monthly and annual recurring revenue, every cycle brought to a month (a year). */
  mrr: z.number().int(),
  arr: z.number().int(),
  /** The share of due renewals that were paid, from 0 to 1; null before any was due. */
  renewal_rate: z.number().min(0).nullable(),
  /** Money that came in after a failed charge, through the chase. */
  recovered_by_dunning: z.number().int(),
});
export type Recurring = z.infer<typeof RecurringSchema>;

export const RecurringDashboardSchema = DashboardResponseSchema.extend({
  recurring: RecurringSchema.optional(),
});
