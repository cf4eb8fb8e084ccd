import { successEnvelope } from '@cadran/domain/api';
import {
  AutoRenewSchema,
  ChangePlanQuoteResponseSchema,
  PaymentMethodUrlResponseSchema,
  PendingPlanChangeSchema,
  SavedMethodSchema,
  WithdrawalResponseSchema,
  WithdrawalSchema,
  type AutoRenew,
  type PendingPlanChange,
  type SavedMethod,
} from '@cadran/domain/auto-renewal-api';
import { OwnedLicenseSchema, type OwnedLicense } from '@cadran/domain/license-api';
import { OrderCreateResponseSchema, OrderSchema } from '@cadran/domain/orders';
import { SandboxPaymentSchema } from '@cadran/domain/payments';
import { z } from 'zod';

/**
 * The answers of the automatic-renewal API as the screens read them, with the domain's schemas
 * (docs/decisions/050-renewal-screens.md). Amounts of the renewal itself are integer cents; a
 * quote keeps the decimal strings of every quote.
 */

export { AutoRenewSchema, PendingPlanChangeSchema, SavedMethodSchema, WithdrawalResponseSchema };
export type { AutoRenew, PendingPlanChange, SavedMethod };

export type RenewingLicence = OwnedLicense;

export const RenewingLicencesResponseSchema = successEnvelope({
  licenses: z.array(OwnedLicenseSchema),
});

export const RenewingLicenceResponseSchema = successEnvelope({ license: OwnedLicenseSchema });

export const PaymentMethodSetupResponseSchema = PaymentMethodUrlResponseSchema;

export const PlanChangeQuoteResponseSchema = ChangePlanQuoteResponseSchema;
export type PlanChangeQuote = z.infer<typeof ChangePlanQuoteResponseSchema>['quote'];

/** An upgrade answers as an order does (where to pay); a downgrade answers the licence. */
export const PlanChangeResponseSchema = z.union([
  OrderCreateResponseSchema,
  successEnvelope({ license: OwnedLicenseSchema }),
]);
export type PlanChangeResponse = z.infer<typeof PlanChangeResponseSchema>;

export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** An order with its withdrawal, for the consumer's orders that offer one. */
export const WithdrawableOrderResponseSchema = successEnvelope({
  order: OrderSchema.extend({ withdrawal: WithdrawalSchema.nullable().optional() }),
});
export type WithdrawableOrder = z.infer<typeof WithdrawableOrderResponseSchema>['order'];

/**
 * The sandbox page's payment, with whether paying it saves the method for automatic renewals
 * (the order asked for it, or the owner is saving a new method), when the server says so.
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
