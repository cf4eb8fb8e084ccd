import type { Language } from '@cadran/domain/constants';
import { OrderResponseSchema, type Order } from '@cadran/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const orderByNumberPath = (orderNumber: string) =>
  `/api/v1/website/orders/number/${encodeURIComponent(orderNumber)}`;

/** GET /api/v1/website/orders/number/{orderNumber}, used by the success screen. */
export async function getOrderByNumber(orderNumber: string, signal?: AbortSignal): Promise<Order> {
  const answer = await apiClient.get(orderByNumberPath(orderNumber), {
    schema: OrderResponseSchema,
    signal,
  });
  return answer.order;
}

/**
 * The order in the site's language (template names come translated from the server). Only
 * asked for when a session exists: an anonymous lookup could only answer 401.
 */
export function useOrderByNumber(
  orderNumber: string | undefined,
  lang: Language,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['orders', 'number', orderNumber, lang],
    queryFn: ({ signal }) => getOrderByNumber(orderNumber ?? '', signal),
    enabled: enabled && !!orderNumber,
  });
}
