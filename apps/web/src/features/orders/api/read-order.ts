import type { Order } from '@cadran/domain/orders';
import { apiClient } from '@/lib/api-client';

export const orderByNumberPath = (orderNumber: string) =>
  `/api/v1/website/orders/number/${encodeURIComponent(orderNumber)}`;

/**
 * GET /api/v1/website/orders/number/{orderNumber}, without the query client: the failure page's
 * order island reads it alone (docs/decisions/048-islands-on-public-pages.md). The order's
 * schema (and the schema library) loads with the request, not with the island.
 */
export async function getOrderByNumber(orderNumber: string, signal?: AbortSignal): Promise<Order> {
  const { OrderResponseSchema } = await import('@cadran/domain/orders');
  const answer = await apiClient.get(orderByNumberPath(orderNumber), {
    schema: OrderResponseSchema,
    signal,
  });
  return answer.order;
}
