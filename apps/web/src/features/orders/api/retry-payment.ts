import type { PaymentMethod } from '@cadran/domain/order-status';
import { PaymentRetryResponseSchema, type PaymentRetryResponse } from '@cadran/domain/orders';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/v1/website/orders/{id}/payments: a new payment attempt on the same order after a
 * declined or expired one (docs/decisions/020-payment-attempts-per-order.md), by the order's
 * method or the one given (a declined card paid by PayPal or switched to a bank transfer).
 */
export function retryPayment(
  orderId: string,
  paymentMethod?: PaymentMethod,
): Promise<PaymentRetryResponse> {
  return apiClient.post(
    `/api/v1/website/orders/${encodeURIComponent(orderId)}/payments`,
    paymentMethod ? { payment_method: paymentMethod } : {},
    {
      schema: PaymentRetryResponseSchema,
    },
  );
}
