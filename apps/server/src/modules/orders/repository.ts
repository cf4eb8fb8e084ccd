import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY } from '@cadran/domain/constants';
import type { OrderStatus, PaymentStatus } from '@cadran/domain/order-status';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { licenseTemplates } from '../../db/schema/catalog';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import type { TemplateRow } from '../catalog/repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order with its lines, in the cart's order. */
export interface StoredOrder {
  order: OrderRow;
  items: OrderItemRow[];
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** One status change of the order state machine, as recorded in order_events. */
export interface OrderEventInput {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  reason: string;
}

/** Database access of the orders module; every read of an order is scoped to its owner. */
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  /** The templates of an order, active or not (the caller tells the two apart). */
  async findTemplates(ids: readonly number[]): Promise<Map<number, TemplateRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(licenseTemplates)
      .where(inArray(licenseTemplates.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** An order read elsewhere (with its payment, say) completed with its lines. */
  async withItems(order: OrderRow | undefined): Promise<StoredOrder | undefined> {
    if (!order) return undefined;
    const items = await this.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position));
    return { order, items };
  }

  /** Any account's order: for staff only, never behind a customer's route. */
  async findById(id: string): Promise<StoredOrder | undefined> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    return this.withItems(order);
  }

  async findByIdForUser(id: string, userId: string): Promise<StoredOrder | undefined> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .limit(1);
    return this.withItems(order);
  }

  async findByNumberForUser(orderNumber: string, userId: string): Promise<StoredOrder | undefined> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
      .limit(1);
    return this.withItems(order);
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<StoredOrder | undefined> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    return this.withItems(order);
  }

  /**
   * Writes the order, its lines and the first event in ONE statement (data-modifying CTEs):
   * atomic like a transaction, so no reader ever sees an order without lines, but one round
   * trip instead of five, which matters on the embedded database where every query waits for
   * the previous one. Ids and timestamps are made here, so the stored rows are known without
   * reading them back. Unique violations (order number, idempotency key) propagate to the
   * caller, which retries or replays.
   */
  async insert(
    values: NewOrder,
    items: readonly NewOrderItem[],
    event: OrderEventInput,
    executor: Executor = this.db,
  ): Promise<StoredOrder> {
    const now = new Date();
    const order: OrderRow = {
      id: randomUUID(),
      status: 'pending',
      paymentStatus: 'unpaid',
      currency: CURRENCY,
      notes: null,
      locale: 'fr',
      idempotencyKey: null,
      requestHash: null,
      flaggedReason: null,
      discountCents: 0,
      taxKind: null,
      reverseCharge: false,
      taxMentionKey: null,
      vatNumber: null,
      vatNumberStatus: 'none',
      vatConsultationNumber: null,
      vatCheckedAt: null,
      promoCode: null,
      autoRenew: false,
      withdrawalRequestedAt: null,
      renewsLicenseId: null,
      deliveryAddress: null,
      ...values,
      createdAt: now,
      updatedAt: now,
    };
    const lines: OrderItemRow[] = items.map((item) => ({
      position: 0,
      customizations: {},
      discountCents: 0,
      ...item,
      id: randomUUID(),
      orderId: order.id,
    }));
    const insertOrder = this.db.insert(orders).values(order);
    const insertEvent = this.db
      .insert(orderEvents)
      .values({ ...event, orderId: order.id, createdAt: now });
    const statement =
      lines.length > 0
        ? sql`with new_order as (${insertOrder.getSQL()}), new_event as (${insertEvent.getSQL()}) ${this.db.insert(orderItems).values(lines).getSQL()}`
        : sql`with new_order as (${insertOrder.getSQL()}) ${insertEvent.getSQL()}`;
    await executor.execute(statement);
    lines.sort((a, b) => a.position - b.position);
    return { order, items: lines };
  }

  async listEvents(orderId: string) {
    return this.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
  }
}
