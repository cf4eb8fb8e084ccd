import { randomBytes } from 'node:crypto';
import type { Language } from '@cadran/domain/constants';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import {
  PAYMENT_METHOD_INFO,
  canTransition,
  type PaymentMethod,
  type PaymentMethodOption,
} from '@cadran/domain/order-status';
import {
  ORDER_NUMBER_PATTERN,
  ORDER_NUMBER_RANDOM_BYTES,
  generateOrderNumber,
  type OrderCreate,
} from '@cadran/domain/orders';
import type { Database } from '../../db/client';
import { requestHash } from './idempotency';
import { priceOrder } from './pricing';
import { OrdersRepository, type StoredOrder } from './repository';
import { isUniqueViolation } from '../../db/unique-violation';

/** A new order, a replay of the one made earlier with the same key, or a refusal. */
export type CreateOrderResult =
  | { kind: 'created' | 'replayed'; order: StoredOrder }
  | { kind: 'rejected'; errors: Record<string, MessageKey[]> }
  | { kind: 'key_reused' };

export type CancelResult =
  { kind: 'cancelled'; order: StoredOrder } | { kind: 'not_found' } | { kind: 'not_cancellable' };

export interface CreateOrderInput {
  userId: string;
  body: OrderCreate;
  idempotencyKey: string | null;
  language: Language;
}

/** 40 random bits per number: a clash is rare, five in a row means something else is wrong. */
const ORDER_NUMBER_ATTEMPTS = 5;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isOrderId = (value: string): boolean => UUID_PATTERN.test(value);
export const isOrderNumber = (value: string): boolean => ORDER_NUMBER_PATTERN.test(value);

/**
 * Spec 9: the three methods, bank transfer without fees; names translated. A method no
 * provider can take on this install (issue 7: no keys and no sandbox) is listed as disabled.
 */
export const paymentMethodOptions = (
  lang: Language,
  isAvailable: (method: PaymentMethod) => boolean = () => true,
): PaymentMethodOption[] =>
  PAYMENT_METHOD_INFO.map((method) => ({
    id: method.id,
    name: translateMessage(method.nameKey, lang),
    description: translateMessage(method.descriptionKey, lang),
    enabled: method.enabled && isAvailable(method.id),
    fees: method.feesCents / 100,
  }));

export class OrdersService {
  private readonly repository: OrdersRepository;

  constructor(db: Database) {
    this.repository = new OrdersRepository(db);
  }

  /**
   * Spec 4 'Checkout flow', server side: reprices everything from the database, then writes
   * the order. With an Idempotency-Key the unique (user_id, idempotency_key) constraint is the
   * arbiter: of concurrent identical requests exactly one insert wins and the others replay it.
   */
  async create(input: CreateOrderInput): Promise<CreateOrderResult> {
    const hash = input.idempotencyKey === null ? null : requestHash(input.body);
    if (input.idempotencyKey !== null) {
      const earlier = await this.repository.findByIdempotencyKey(
        input.userId,
        input.idempotencyKey,
      );
      if (earlier) return this.replay(earlier, hash);
    }

    const { body } = input;
    const templates = await this.repository.findTemplates(
      body.items.map((item) => item.template_id),
    );
    const rate = await this.repository.findVatRateBasisPoints(body.billing_address.country);
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
        const order = await this.repository.insert(
          {
            orderNumber,
            userId: input.userId,
            status: 'pending',
            paymentStatus: 'unpaid',
            paymentMethod: body.payment_method,
            currency: 'EUR',
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
          const winner = await this.repository.findByIdempotencyKey(
            input.userId,
            input.idempotencyKey,
          );
          if (winner) return this.replay(winner, hash);
        }
        if (
          isUniqueViolation(error, 'orders_order_number_unique') &&
          attempt < ORDER_NUMBER_ATTEMPTS
        ) {
          continue;
        }
        throw error;
      }
    }
  }

  private replay(earlier: StoredOrder, hash: string | null): CreateOrderResult {
    return earlier.order.requestHash === hash
      ? { kind: 'replayed', order: earlier }
      : { kind: 'key_reused' };
  }

  findById(id: string, userId: string): Promise<StoredOrder | undefined> {
    return isOrderId(id) ? this.repository.findByIdForUser(id, userId) : Promise.resolve(undefined);
  }

  findByNumber(orderNumber: string, userId: string): Promise<StoredOrder | undefined> {
    return isOrderNumber(orderNumber)
      ? this.repository.findByNumberForUser(orderNumber, userId)
      : Promise.resolve(undefined);
  }

  /**
   * A customer may cancel an order that is still pending and unpaid (issue 6). The change goes
   * through the state machine and is conditional on the state just read, so a payment landing
   * at the same moment wins and the cancellation is refused instead of overwriting it.
   */
  async cancel(id: string, userId: string, reason: string): Promise<CancelResult> {
    const found = await this.findById(id, userId);
    if (!found) return { kind: 'not_found' };
    const { order } = found;
    if (
      order.status !== 'pending' ||
      order.paymentStatus !== 'unpaid' ||
      !canTransition(order.status, 'cancelled')
    ) {
      return { kind: 'not_cancellable' };
    }
    const updated = await this.repository.transition(
      order.id,
      { status: order.status, paymentStatus: order.paymentStatus },
      {
        fromStatus: order.status,
        toStatus: 'cancelled',
        paymentStatus: order.paymentStatus,
        reason: reason === '' ? 'cancelled by customer' : `cancelled by customer: ${reason}`,
      },
    );
    if (!updated) return { kind: 'not_cancellable' };
    return { kind: 'cancelled', order: { order: updated, items: found.items } };
  }
}
