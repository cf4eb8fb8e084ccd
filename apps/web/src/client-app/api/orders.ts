import {
  AccountDocumentsResponseSchema,
  OrderListResponseSchema,
} from '@cadran/domain/client-area';
import { ORDER_NUMBER_PATTERN, OrderCancelResponseSchema } from '@cadran/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { WithdrawableOrderResponseSchema } from '@/lib/renewals/schemas';

/** The account's orders and documents (docs/product.md 'Client area'). */
const WEBSITE = '/api/v1/website';

export const ordersKey = ['client', 'orders'] as const;

export function useOrderList(page: number, pageSize = 20) {
  return useQuery({
    queryKey: [...ordersKey, 'list', page, pageSize, currentLanguage()],
    queryFn: ({ signal }) =>
      apiClient.get(`${WEBSITE}/orders?page=${page}&page_size=${pageSize}`, {
        schema: OrderListResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

/** One order, by id or by its number (the e-mails link the number). */
export function useOrder(ref: string) {
  const path = ORDER_NUMBER_PATTERN.test(ref)
    ? `${WEBSITE}/orders/number/${encodeURIComponent(ref)}`
    : `${WEBSITE}/orders/${encodeURIComponent(ref)}`;
  return useQuery({
    queryKey: [...ordersKey, 'one', ref, currentLanguage()],
    queryFn: ({ signal }) =>
      apiClient.get(path, { schema: WithdrawableOrderResponseSchema, signal }),
    select: (answer) => answer.order,
    staleTime: 0,
    meta: { refusalsExpected: true },
  });
}

export const cancelOrder = (orderId: string) =>
  apiClient.post(
    `${WEBSITE}/orders/${encodeURIComponent(orderId)}/cancel`,
    {},
    { schema: OrderCancelResponseSchema },
  );

export function useDocuments() {
  return useQuery({
    queryKey: ['client', 'documents', currentLanguage()],
    queryFn: ({ signal }) =>
      apiClient.get(`${WEBSITE}/invoices`, { schema: AccountDocumentsResponseSchema, signal }),
    select: (answer) => answer.documents,
    staleTime: 0,
  });
}
