import {
  SandboxDecisionResponseSchema,
  type SandboxDecision,
  type SandboxDecisionResponse,
} from '@cadran/domain/payments';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { sandboxPaymentPath } from './get-sandbox-payment';

/** Pay or decline: the server runs its real fulfilment and says where to go next. */
export function decideSandboxPayment(
  paymentId: string,
  decision: SandboxDecision['decision'],
): Promise<SandboxDecisionResponse> {
  return apiClient.post(sandboxPaymentPath(paymentId), { decision } satisfies SandboxDecision, {
    schema: SandboxDecisionResponseSchema,
  });
}

export function useDecideSandboxPayment(paymentId: string) {
  return useMutation({
    mutationFn: (decision: SandboxDecision['decision']) =>
      decideSandboxPayment(paymentId, decision),
  });
}
