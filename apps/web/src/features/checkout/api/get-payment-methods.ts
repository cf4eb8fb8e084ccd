import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { PaymentMethodsResponseSchema } from '@cadran/domain/orders';
import { apiClient } from '@/lib/api-client';

export const PAYMENT_METHODS_PATH = '/api/v1/website/payment-methods';

/**
 * GET /payment-methods (docs/product.md 'Payment' ('Payment methods and providers')): the
 * methods this installation can take right now, the ones it cannot marked `enabled: false`.
 */
export async function getEnabledPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const body = await apiClient.get(PAYMENT_METHODS_PATH, {
    schema: PaymentMethodsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return body.payment_methods.filter((method) => method.enabled).map((method) => method.id);
}

export const usePaymentMethods = () =>
  useQuery({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getEnabledPaymentMethods(signal),
    staleTime: 5 * 60_000,
  });
