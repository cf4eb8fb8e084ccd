import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import {
  SavingSandboxPaymentResponseSchema,
  type SavingSandboxPayment,
} from '@/lib/renewals/schemas';

export const sandboxPaymentPath = (paymentId: string) =>
  `/api/v1/website/payments/sandbox/${encodeURIComponent(paymentId)}`;

export async function getSandboxPayment(
  paymentId: string,
  signal?: AbortSignal,
): Promise<SavingSandboxPayment> {
  const answer = await apiClient.get(sandboxPaymentPath(paymentId), {
    schema: SavingSandboxPaymentResponseSchema,
    signal,
  });
  return answer.payment;
}

/** The payment the sandbox page offers to settle; only its owner can read it. */
export function useSandboxPayment(paymentId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'sandbox', paymentId],
    queryFn: ({ signal }) => getSandboxPayment(paymentId ?? '', signal),
    enabled: enabled && !!paymentId,
    staleTime: 0,
  });
}
