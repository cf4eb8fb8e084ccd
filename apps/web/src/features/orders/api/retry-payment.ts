import { PaymentRetryResponseSchema, type PaymentRetryResponse } from '@cadran/domain/orders';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/v1/website/orders/{id}/payments: a new payment attempt on the same order after a
 * declined or expired one (docs/decisions/020-payment-attempts-per-order.md).
 */
export function retryPayment(orderId: string): Promise<PaymentRetryResponse> {
  return apiClient.post(
    `/api/v1/website/orders/${encodeURIComponent(orderId)}/payments`,
    {},
    {
      schema: PaymentRetryResponseSchema,
    },
  );
}
