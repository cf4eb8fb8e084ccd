import {
  OrderCreateResponseSchema,
  type OrderCreateInput,
  type OrderCreateResponse,
} from '@cadran/domain/orders';
import { apiClient } from '@/lib/api-client';

export const ORDERS_PATH = '/api/v1/website/orders';

/**
 * A fresh Idempotency-Key per submit attempt: a network retry of one attempt never buys
 * twice, while a corrected form is a new attempt. crypto.randomUUID exists only in secure
 * contexts, so plain http on a LAN address falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/v1/website/orders (docs/product.md 'Checkout' ('Submitting')): success, order,
 * payment_url, message.
 */
export function createOrder(
  body: OrderCreateInput,
  idempotencyKey: string,
): Promise<OrderCreateResponse> {
  return apiClient.post(ORDERS_PATH, body, {
    schema: OrderCreateResponseSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
