import { randomBytes } from 'node:crypto';
import { CURRENCY, type Language } from '@cadran/domain/constants';
import type { MessageKey } from '@cadran/domain/messages';
import {
  ORDER_NUMBER_RANDOM_BYTES,
  generateOrderNumber,
  type OrderCreate,
} from '@cadran/domain/orders';
import { isUniqueViolation } from '../../db/unique-violation';
import { requestHash } from './idempotency';
import { priceOrder } from './pricing';
import type { OrdersRepository, StoredOrder } from './repository';

/** A new order, a replay of the one made earlier with the same key, or a refusal. */
export type PlaceOrderResult =
  | { kind: 'created' | 'replayed'; order: StoredOrder }
  | { kind: 'rejected'; errors: Record<string, MessageKey[]> }
  | { kind: 'key_reused' };

export interface PlaceOrderInput {
  userId: string;
  body: OrderCreate;
  idempotencyKey: string | null;
  language: Language;
}

/** 40 random bits per number: a clash is rare, five in a row means something else is wrong. */
const ORDER_NUMBER_ATTEMPTS = 5;

const replay = (earlier: StoredOrder, hash: string | null): PlaceOrderResult =>
  earlier.order.requestHash === hash
    ? { kind: 'replayed', order: earlier }
    : { kind: 'key_reused' };

/**
 * Places an order (docs/product.md 'Checkout'): reprices everything from the database, then
 * writes the order. With an Idempotency-Key the unique (user_id, idempotency_key) constraint is
 * the arbiter: of concurrent identical requests exactly one insert wins and the others replay it.
 */
export async function placeOrder(
  repository: OrdersRepository,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  const hash = input.idempotencyKey === null ? null : requestHash(input.body);
  if (input.idempotencyKey !== null) {
    const earlier = await repository.findByIdempotencyKey(input.userId, input.idempotencyKey);
    if (earlier) return replay(earlier, hash);
  }

  const { body } = input;
  const templates = await repository.findTemplates(body.items.map((item) => item.template_id));
  const rate = await repository.findVatRateBasisPoints(body.billing_address.country);
  // The schema admits only countries of the VAT table; a missing row is a broken seed.
  if (rate === undefined)
    return { kind: 'rejected', errors: { 'billing_address.country': ['country.invalid'] } };
  const priced = priceOrder(body.items, templates, rate);
  if (!priced.ok) return { kind: 'rejected', errors: priced.errors };

  const items = priced.order.items.map((item, position) => ({
    templateId: item.templateId,
    templateSnapshot: { ...item.snapshot },
    position,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    totalPriceCents: item.totalPriceCents,
    customizations: { ...item.customizations },
  }));

  for (let attempt = 1; ; attempt += 1) {
    const orderNumber = generateOrderNumber(randomBytes(ORDER_NUMBER_RANDOM_BYTES));
    try {
      const order = await repository.insert(
        {
          orderNumber,
          userId: input.userId,
          status: 'pending',
          paymentStatus: 'unpaid',
          paymentMethod: body.payment_method,
          currency: CURRENCY,
          subtotalCents: priced.order.subtotalCents,
          taxRateBasisPoints: priced.order.taxRateBasisPoints,
          taxCents: priced.order.taxCents,
          totalCents: priced.order.totalCents,
          billingAddress: { ...body.billing_address },
          notes: body.notes === '' ? null : body.notes,
          locale: input.language,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        },
        items,
        { fromStatus: null, toStatus: 'pending', paymentStatus: 'unpaid', reason: 'created' },
      );
      return { kind: 'created', order };
    } catch (error) {
      if (
        input.idempotencyKey !== null &&
        isUniqueViolation(error, 'orders_user_idempotency_key_unique')
      ) {
        // A concurrent request with the same key committed first: answer with its order.
        const winner = await repository.findByIdempotencyKey(input.userId, input.idempotencyKey);
        if (winner) return replay(winner, hash);
      }
      if (isUniqueViolation(error, 'orders_order_number_unique') && attempt < ORDER_NUMBER_ATTEMPTS)
        continue;
      throw error;
    }
  }
}
