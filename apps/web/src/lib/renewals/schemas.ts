import { successEnvelope } from '@cadran/domain/api';
import { OwnedLicenseSchema } from '@cadran/domain/license-api';
import { OrderCreateResponseSchema, OrderSchema } from '@cadran/domain/orders';
import { SandboxPaymentSchema } from '@cadran/domain/payments';
import { QuoteSchema } from '@cadran/domain/quote-answer';
import { BillingCycleSchema } from '@cadran/domain/wire-schemas';
import { z } from 'zod';

/**
 * The answers of the automatic-renewal API as the screens read them
 * (docs/decisions/050-renewal-screens.md). Amounts of the renewal itself are integer cents; a quote
 * keeps the decimal strings of every quote. A licence read from a server that does not speak of
 * automatic renewal yet simply has no `auto_renew`, and the screens leave that part out.
 */

export const SAVED_METHOD_TYPES = ['card', 'sepa_debit', 'paypal'] as const;
export type SavedMethodType = (typeof SAVED_METHOD_TYPES)[number];

/** The method on file: a card's brand and last four digits, an IBAN's end, a PayPal account. */
export const SavedMethodSchema = z.object({
  type: z.enum(SAVED_METHOD_TYPES),
  label: z.string(),
  /** A card's expiry ("2028-04" or a date); null for methods that do not expire. */
  expires: z.string().nullable(),
});
export type SavedMethod = z.infer<typeof SavedMethodSchema>;

export const AutoRenewSchema = z.object({
  enabled: z.boolean(),
  method: SavedMethodSchema.nullable(),
  next_charge_at: z.string().nullable(),
  /** What the next charge takes, VAT included, in cents. */
  next_amount: z.number().int().nullable(),
});
export type AutoRenew = z.infer<typeof AutoRenewSchema>;

/** A downgrade waits for the next renewal: what the licence becomes, and when. */
export const PendingPlanChangeSchema = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  billing_cycle: BillingCycleSchema,
  effective_at: z.string(),
});
export type PendingPlanChange = z.infer<typeof PendingPlanChangeSchema>;

export const RenewingLicenceSchema = OwnedLicenseSchema.extend({
  auto_renew: AutoRenewSchema.optional(),
  pending_plan_change: PendingPlanChangeSchema.nullable().optional(),
});
export type RenewingLicence = z.infer<typeof RenewingLicenceSchema>;

export const RenewingLicencesResponseSchema = successEnvelope({
  licenses: z.array(RenewingLicenceSchema),
});

export const RenewingLicenceResponseSchema = successEnvelope({ license: RenewingLicenceSchema });

export const PaymentMethodSetupResponseSchema = successEnvelope({ url: z.string() });

/** An upgrade is paid at once for the rest of the term; a downgrade waits for the renewal. */
export const PLAN_CHANGE_EFFECTS = ['now', 'next_renewal'] as const;
export type PlanChangeEffect = (typeof PLAN_CHANGE_EFFECTS)[number];

export const PlanChangeQuoteSchema = QuoteSchema.extend({ effective: z.enum(PLAN_CHANGE_EFFECTS) });
export type PlanChangeQuote = z.infer<typeof PlanChangeQuoteSchema>;

export const PlanChangeQuoteResponseSchema = successEnvelope({ quote: PlanChangeQuoteSchema });

/** An upgrade answers as an order does (where to pay); a downgrade answers the licence. */
export const PlanChangeResponseSchema = z.union([
  OrderCreateResponseSchema,
  successEnvelope({ license: RenewingLicenceSchema }),
]);
export type PlanChangeResponse = z.infer<typeof PlanChangeResponseSchema>;

/** The quote's promise about automatic renewal, when the buyer asked for it. */
export const RenewingQuoteSchema = QuoteSchema.extend({
  auto_renew: z.boolean().optional(),
  next_charge_at: z.string().nullable().optional(),
});

/** The withdrawal of a consumer's order: until when it is offered, and when it was asked. */
export const WithdrawalSchema = z.object({
  available_until: z.string().nullable(),
  requested_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalResponseSchema = successEnvelope({
  withdrawal: z.object({ requested_at: z.string() }),
});

export const WithdrawableOrderResponseSchema = successEnvelope({
  order: OrderSchema.extend({ withdrawal: WithdrawalSchema.nullable().optional() }),
});
export type WithdrawableOrder = z.infer<typeof WithdrawableOrderResponseSchema>['order'];

/**
 * The sandbox page's payment, with whether paying it saves the method for automatic renewals
 * (the order asked for it, or the owner is saving a new method): the page then asks for a
 * test card number or IBAN.
 */
export const SavingSandboxPaymentResponseSchema = successEnvelope({
  payment: SandboxPaymentSchema.extend({
    auto_renew: z.boolean().optional(),
    saves_method: z.boolean().optional(),
  }),
});
export type SavingSandboxPayment = z.infer<typeof SavingSandboxPaymentResponseSchema>['payment'];

/** What the tester typed on the sandbox page for the method to save. */
export type SandboxMethodDetails =
  { card_number: string } | { iban: string } | Record<string, never>;
