import type { PaymentMethod } from '@cadran/domain/order-status';
import type { PaymentRetryResponse } from '@cadran/domain/orders';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/v1/website/orders/{id}/payments: a new payment attempt on the same order after a
 * declined or expired one (docs/decisions/020-payment-attempts-per-order.md), by the order's
 * method or the one given (a declined card paid by PayPal or switched to a bank transfer). The
 * answer's schema loads with the request, not with the failure page's island.
 */
export async function retryPayment(
  orderId: string,
  paymentMethod?: PaymentMethod,
): Promise<PaymentRetryResponse> {
  const { PaymentRetryResponseSchema } = await import('@cadran/domain/orders');
  return apiClient.post(
    `/api/v1/website/orders/${encodeURIComponent(orderId)}/payments`,
    paymentMethod ? { payment_method: paymentMethod } : {},
    {
      schema: PaymentRetryResponseSchema,
    },
  );
}
