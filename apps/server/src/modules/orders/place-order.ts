import { deliveryDiffers } from '@cadran/domain/delivery-address';
import { orderEventReason } from '@cadran/domain/order-events';
import type { Language } from '@cadran/domain/constants';
import type { MessageKey } from '@cadran/domain/messages';
import type { OrderCreate } from '@cadran/domain/orders';
import type { PromoRefusal } from '@cadran/domain/promo-codes';
import type { Quote } from '@cadran/domain/quote';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { requestHash } from './idempotency';
import { quotedColumns, withFreshOrderNumber } from './insert-order';
import {
  applyPricing,
  preparePricing,
  type PreparedPricing,
  type PricingDeps,
  type PricingPaths,
} from './price-request';
import type { StoredPromoCode } from './promo-repository';
import type { StoredOrder } from './repository';

/** A new order, a replay of the one made earlier with the same key, or a refusal. */
export type PlaceOrderResult =
  | { kind: 'created' | 'replayed'; order: StoredOrder }
  | { kind: 'rejected'; errors: Record<string, MessageKey[]>; promoRefusal?: PromoRefusal }
  | { kind: 'key_reused' };

export interface PlaceOrderInput {
  userId: string;
  body: OrderCreate;
  idempotencyKey: string | null;
  language: Language;
  /**
   * A staff member places the order for the customer: its history says who, and `record`
   * writes the staff action in the order's own transaction (a replay writes nothing again).
   */
  placedByStaff?: {
    email: string;
    record(executor: Executor, stored: StoredOrder): Promise<void>;
  };
}

export interface PlaceOrderDeps extends PricingDeps {
  db: Database;
}

export const ORDER_PATHS: PricingPaths = {
  vatNumber: 'billing_address.vat_number',
  promoCode: 'promo_code',
};

const replay = (earlier: StoredOrder, hash: string | null): PlaceOrderResult =>
  earlier.order.requestHash === hash
    ? { kind: 'replayed', order: earlier }
    : { kind: 'key_reused' };

/** A refusal inside the order's transaction: thrown to roll it back, caught below. */
class PricingRefused extends Error {
  constructor(readonly result: PlaceOrderResult & { kind: 'rejected' }) {
    super('pricing refused');
  }
}

/**
 * Places an order (docs/product.md 'Checkout'): prices it exactly as the quote does
 * (price-request.ts), then writes it. With a promo code, the code's row is locked, its uses
 * counted, the order and its redemption written in one transaction, so a code limited to N uses
 * is used N times even when more orders arrive at once. With an Idempotency-Key the unique
 * (user_id, idempotency_key) constraint is the arbiter: of concurrent identical requests
 * exactly one insert wins and the others replay it, as does a later retry.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  const { orders: repository } = deps;
  const hash = input.idempotencyKey === null ? null : requestHash(input.body);
  // A replay is rare: instead of a look-up before every order, the key's unique constraint
  // turns it away at the insert, and a refusal first checks it is not the answer to a replay
  // (the catalogue or the code's uses may have changed since the order was placed).
  const earlierOrRefusal = async (refusal: PlaceOrderResult): Promise<PlaceOrderResult> => {
    if (input.idempotencyKey === null) return refusal;
    const earlier = await repository.findByIdempotencyKey(input.userId, input.idempotencyKey);
    return earlier ? replay(earlier, hash) : refusal;
  };

  const { body } = input;
  const prepared = await preparePricing(
    deps,
    {
      items: body.items,
      country: body.billing_address.country,
      vatNumber: body.billing_address.vat_number,
    },
    ORDER_PATHS,
  );
  if (!prepared.ok) return earlierOrRefusal({ kind: 'rejected', errors: prepared.errors });

  const write = async (executor: Executor, orderNumber: string): Promise<StoredOrder> => {
    const priced = await applyPricing(deps, prepared.prepared, {
      promoCode: body.promo_code,
      userId: input.userId,
      now: new Date(),
      paths: ORDER_PATHS,
      executor,
      lock: true,
    });
    if (!priced.ok) {
      throw new PricingRefused({
        kind: 'rejected',
        errors: priced.errors,
        ...(priced.promoRefusal ? { promoRefusal: priced.promoRefusal } : {}),
      });
    }
    const stored = await repository.insert(
      orderValues(input, hash, orderNumber, prepared.prepared, priced.quote, priced.promo),
      orderLines(prepared.prepared, priced.quote),
      {
        fromStatus: null,
        toStatus: 'pending',
        paymentStatus: 'unpaid',
        reason: input.placedByStaff
          ? orderEventReason('created_by_staff', { by: input.placedByStaff.email })
          : orderEventReason('created'),
      },
      executor,
    );
    if (priced.promo) {
      await deps.promos.recordRedemption(executor, {
        promoCodeId: priced.promo.id,
        orderId: stored.order.id,
        userId: input.userId,
        discountCents: priced.quote.discountCents,
      });
    }
    await input.placedByStaff?.record(executor, stored);
    return stored;
  };

  try {
    // Without a code (nor a staff action to record with it) the order is one statement
    // (repository.insert): no transaction needed.
    const order = await withFreshOrderNumber((orderNumber) =>
      body.promo_code === '' && !input.placedByStaff
        ? write(deps.db, orderNumber)
        : deps.db.transaction((tx) => write(tx, orderNumber)),
    );
    return { kind: 'created', order };
  } catch (error) {
    if (error instanceof PricingRefused) return earlierOrRefusal(error.result);
    if (
      input.idempotencyKey !== null &&
      isUniqueViolation(error, 'orders_user_idempotency_key_unique')
    ) {
      // An order with this key exists (a replay, or a concurrent twin that committed
      // first): answer with it.
      const winner = await repository.findByIdempotencyKey(input.userId, input.idempotencyKey);
      if (winner) return replay(winner, hash);
    }
    throw error;
  }
}

function orderValues(
  input: PlaceOrderInput,
  hash: string | null,
  orderNumber: string,
  prepared: PreparedPricing,
  quote: Quote,
  promo: StoredPromoCode | null,
) {
  const { body } = input;
  return {
    orderNumber,
    userId: input.userId,
    status: 'pending' as const,
    paymentStatus: 'unpaid' as const,
    paymentMethod: body.payment_method,
    ...quotedColumns(quote, prepared.vatNumber),
    promoCode: promo?.code.code ?? null,
    billingAddress: { ...body.billing_address },
    // Kept only when it differs: the same address again is no delivery elsewhere.
    deliveryAddress:
      body.delivery_address && deliveryDiffers(body.billing_address, body.delivery_address)
        ? { ...body.delivery_address }
        : null,
    notes: body.notes === '' ? null : body.notes,
    locale: input.language,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    autoRenew: body.auto_renew === true,
  } as const;
}

function orderLines(prepared: PreparedPricing, quote: Quote) {
  return prepared.items.map((item, position) => {
    const line = quote.lines[position];
    if (!line) throw new Error('quote has fewer lines than the order');
    return {
      templateId: item.line.templateId,
      templateSnapshot: { ...item.snapshot },
      position,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.subtotalCents,
      discountCents: line.discountCents,
      customizations: { ...item.customizations },
    };
  });
}
