import type { Order } from '@cadran/domain/orders';
import { PaymentStatusResponseSchema, type PaymentStatusResponse } from '@cadran/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';

export const paymentStatusPath = (orderId: string) =>
  `/api/v1/website/orders/${encodeURIComponent(orderId)}/payment-status`;

/** Poll every 2 s, for at most a minute: a provider's confirmation usually lands in seconds. */
export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_WINDOW_MS = 60_000;

/**
 * GET /api/v1/website/orders/{id}/payment-status
 * (docs/product.md 'Orders' ('Reading an order (owner only)')).
 */
export async function getPaymentStatus(
  orderId: string,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  return apiClient.get(paymentStatusPath(orderId), { schema: PaymentStatusResponseSchema, signal });
}

/** A card or PayPal payment the provider has not confirmed yet. */
export const isSettling = (state: Pick<Order, 'payment_method' | 'status' | 'payment_status'>) =>
  state.payment_method !== 'bank_transfer' &&
  state.status === 'pending' &&
  (state.payment_status === 'unpaid' || state.payment_status === 'pending');

/**
 * The payment status of the order on the success page: read once when the order is paid (for
 * its licence count), polled briefly while a card or PayPal payment is still settling.
 * `timedOut` turns true when the window ends without a confirmation.
 */
export function usePaymentStatus(order: Order) {
  const settling = isSettling(order);
  const [timedOut, setTimedOut] = useState(false);
  const [startedAt] = useState(() => Date.now());

  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [settling]);

  const query = useQuery({
    queryKey: ['orders', 'payment-status', order.id],
    queryFn: ({ signal }) => getPaymentStatus(order.id, signal),
    enabled: settling || order.payment_status === 'paid',
    staleTime: 0,
    refetchInterval: (current) => {
      const data = current.state.data;
      const still = data ? isSettling({ ...order, ...data }) : settling;
      return still && Date.now() - startedAt < PAYMENT_POLL_WINDOW_MS
        ? PAYMENT_POLL_INTERVAL_MS
        : false;
    },
  });
  return { ...query, timedOut };
}
