import {
  SandboxDecisionResponseSchema,
  type SandboxDecision,
  type SandboxDecisionResponse,
} from '@cadran/domain/payments';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SandboxMethodDetails } from '@/lib/renewals/schemas';
import { sandboxPaymentPath } from './get-sandbox-payment';

/**
 * Pay or decline: the server runs its real fulfilment and says where to go next. A payment that
 * saves its method carries the test card number or IBAN typed on the page.
 */
export function decideSandboxPayment(
  paymentId: string,
  decision: SandboxDecision['decision'],
  details: SandboxMethodDetails = {},
): Promise<SandboxDecisionResponse> {
  const body = { decision, ...details } satisfies SandboxDecision;
  return apiClient.post(sandboxPaymentPath(paymentId), body, {
    schema: SandboxDecisionResponseSchema,
  });
}

export interface SandboxChoice {
  decision: SandboxDecision['decision'];
  details?: SandboxMethodDetails;
}

export function useDecideSandboxPayment(paymentId: string) {
  return useMutation({
    mutationFn: ({ decision, details }: SandboxChoice) =>
      decideSandboxPayment(paymentId, decision, details),
  });
}
