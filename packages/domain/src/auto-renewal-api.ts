import { z } from 'zod';
import { successEnvelope } from './api';
import { PaymentMethodSchema } from './order-status';
import { QuoteSchema } from './quote-answer';
import { BillingCycleSchema } from './wire-schemas';
import { OrderWithdrawalSchema } from './withdrawal';

/**
 * Payloads of automatic renewal (docs/product.md 'Licences' ('Automatic renewal')): what a
 * licence answer says of its renewal, the owner's switches, plan changes, the back office's
 * renewals and withdrawals. Amounts here are integer cents; dates are ISO instants.
 */

const instant = z.iso.datetime({ offset: true });
const cents = z.number().int();

export const SAVED_METHOD_TYPES = ['card', 'sepa_debit', 'paypal'] as const;
export type SavedMethodType = (typeof SAVED_METHOD_TYPES)[number];

/** A saved payment method as its owner sees it: never more than its last digits. */
export const SavedMethodSchema = z.object({
  type: z.enum(SAVED_METHOD_TYPES),
  label: z.string(),
  /** The card's expiry month ("2027-04"); null for a mandate or a PayPal account. */
  expires: z.string().nullable(),
});
export type SavedMethod = z.infer<typeof SavedMethodSchema>;

export const AutoRenewSchema = z.object({
  enabled: z.boolean(),
  method: SavedMethodSchema.nullable(),
  next_charge_at: instant.nullable(),
  /** What the next charge takes, VAT included, in cents; null when nothing will be charged. */
  next_amount: cents.nullable(),
});
export type AutoRenew = z.infer<typeof AutoRenewSchema>;

export const PendingPlanChangeSchema = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  billing_cycle: BillingCycleSchema,
  effective_at: instant,
});
export type PendingPlanChange = z.infer<typeof PendingPlanChangeSchema>;

export const AutoRenewToggleSchema = z.object(
  { enabled: z.boolean({ error: 'validation.invalid' }) },
  { error: 'validation.invalid' },
);

export const PaymentMethodUrlResponseSchema = successEnvelope({ url: z.string() });

export const ChangePlanQuoteRequestSchema = z.object(
  {
    template_id: z
      .number({ error: 'plan_change.template_required' })
      .int({ error: 'plan_change.template_required' })
      .positive({ error: 'plan_change.template_required' }),
    billing_cycle: BillingCycleSchema.optional(),
  },
  { error: 'validation.invalid' },
);
export type ChangePlanQuoteRequest = z.infer<typeof ChangePlanQuoteRequestSchema>;

export const ChangePlanRequestSchema = ChangePlanQuoteRequestSchema.extend({
  payment_method: PaymentMethodSchema,
});
export type ChangePlanRequest = z.infer<typeof ChangePlanRequestSchema>;

export const PLAN_CHANGE_EFFECTS = ['now', 'next_renewal'] as const;

export const ChangePlanQuoteResponseSchema = successEnvelope({
  quote: QuoteSchema.extend({ effective: z.enum(PLAN_CHANGE_EFFECTS) }),
});

/** One licence of the back office's renewals lists. */
export const AdminRenewalSchema = z.object({
  license_id: z.uuid(),
  customer_email: z.string(),
  template_name: z.string(),
  billing_cycle: z.string(),
  next_charge_at: instant.nullable(),
  amount: cents.nullable(),
  method_label: z.string().nullable(),
  /** 0 while nothing failed; then the number of failed charges of the current term. */
  dunning_stage: z.number().int().min(0),
  last_error: z.string().nullable(),
});
export type AdminRenewal = z.infer<typeof AdminRenewalSchema>;

export const AdminRenewalsResponseSchema = successEnvelope({
  upcoming: z.array(AdminRenewalSchema),
  failing: z.array(AdminRenewalSchema),
  stopped: z.array(AdminRenewalSchema),
});

export const RenewalRunRequestSchema = z
  .object({ as_of: instant.optional() }, { error: 'validation.invalid' })
  .optional();

export const RenewalRunResponseSchema = successEnvelope({
  charged: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0),
});
export type RenewalRunResult = z.infer<typeof RenewalRunResponseSchema>;

/** Recurring revenue on the staff dashboard. */
export const RecurringFiguresSchema = z.object({
  mrr: cents,
  arr: cents,
  /** Renewals that succeeded over those that fell due, from 0 to 1. */
  renewal_rate: z.number().min(0).max(1),
  recovered_by_dunning: cents,
});

/** An order's withdrawal, as order answers carry it (withdrawal.ts). */
export const WithdrawalSchema = OrderWithdrawalSchema;

export const WithdrawalResponseSchema = successEnvelope({
  withdrawal: OrderWithdrawalSchema,
  message: z.string(),
});
