import type { PaymentMethod } from '@cadran/domain/order-status';
import type { BillingCycle } from '@cadran/domain/billing-cycles';
import {
  MethodSetupDecisionResponseSchema,
  MethodSetupResponseSchema,
} from '@cadran/domain/method-setup-api';
import type { SandboxDecision } from '@cadran/domain/payments';
import { apiClient } from '@/lib/api-client';
import {
  PaymentMethodSetupResponseSchema,
  PlanChangeQuoteResponseSchema,
  PlanChangeResponseSchema,
  RenewingLicenceResponseSchema,
  WithdrawalResponseSchema,
} from '@/lib/renewals/schemas';

/**
 * What the owner does about a licence's renewals and an order's withdrawal
 * (docs/decisions/050-renewal-screens.md): each call answers what the screen shows next.
 */
const WEBSITE = '/api/v1/website';
const licencePath = (id: string) => `${WEBSITE}/licenses/${encodeURIComponent(id)}`;

export const setAutoRenew = (licenceId: string, enabled: boolean) =>
  apiClient.put(
    `${licencePath(licenceId)}/auto-renew`,
    { enabled },
    { schema: RenewingLicenceResponseSchema },
  );

/** Where the owner saves a new method (the provider's page, or the sandbox's). */
export const startMethodChange = (licenceId: string) =>
  apiClient.post(
    `${licencePath(licenceId)}/payment-method`,
    {},
    {
      schema: PaymentMethodSetupResponseSchema,
    },
  );

export type SandboxSetupDecision = SandboxDecision;

export interface PlanChoice {
  template_id: number;
  billing_cycle?: BillingCycle;
}

export const quotePlanChange = (licenceId: string, choice: PlanChoice, signal?: AbortSignal) =>
  apiClient.post(`${licencePath(licenceId)}/change-plan/quote`, choice, {
    schema: PlanChangeQuoteResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const changePlan = (licenceId: string, choice: PlanChoice, paymentMethod: PaymentMethod) =>
  apiClient.post(
    `${licencePath(licenceId)}/change-plan`,
    { ...choice, payment_method: paymentMethod },
    { schema: PlanChangeResponseSchema },
  );

export const requestWithdrawal = (orderId: string) =>
  apiClient.post(
    `${WEBSITE}/orders/${encodeURIComponent(orderId)}/withdrawal`,
    {},
    { schema: WithdrawalResponseSchema },
  );

const SANDBOX_SETUPS = `${WEBSITE}/payment-methods/sandbox`;
const setupPath = (setupId: string) => `${SANDBOX_SETUPS}/${encodeURIComponent(setupId)}`;

/** The sandbox's page of a new method being saved: the licence it is for, the method on file. */
export const readSandboxSetup = (setupId: string, signal?: AbortSignal) =>
  apiClient.get(setupPath(setupId), {
    schema: MethodSetupResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** Saves the test method typed (`pay`), or keeps the method on file (`decline`). */
export const decideSandboxSetup = (setupId: string, decision: SandboxSetupDecision) =>
  apiClient.post(setupPath(setupId), decision, { schema: MethodSetupDecisionResponseSchema });
