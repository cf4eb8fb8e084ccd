import { CURRENCY } from '@cadran/domain/constants';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_PROVIDERS } from '@cadran/domain/payments';
import { createdAt, sqlList, updatedAt } from './columns';
import { orders } from './orders';

// The lists of allowed values are the domain's: one list, checked by the database too.
export { PAYMENT_ATTEMPT_STATUSES, PAYMENT_PROVIDERS };

/** Attempts that may still take money: an order has at most one of them. */
export const OPEN_PAYMENT_ATTEMPT_STATUSES = ['created', 'pending'] as const;

/** The index that keeps one open attempt per order; its violation names it. */
export const OPEN_ATTEMPT_INDEX = 'payments_one_open_attempt_per_order';

/**
 * Payment attempts: an order may have several (a declined payment is retried on the same
 * order, docs/decisions/020-payment-attempts-per-order.md) but at most one open at a time, the
 * partial unique index on order_id over 'created' and 'pending' rows: a replayed order creation
 * or a double click on "retry" finds that one attempt instead of opening a second.
 * (provider, provider_reference) is unique so a webhook finds exactly one attempt.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerReference: text('provider_reference'),
    /** Where the customer pays (our sandbox page, Stripe Checkout, PayPal approval); null for a transfer. */
    paymentUrl: text('payment_url'),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default(CURRENCY),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId, t.createdAt),
    uniqueIndex(OPEN_ATTEMPT_INDEX)
      .on(t.orderId)
      .where(sql.raw(`status IN (${sqlList(OPEN_PAYMENT_ATTEMPT_STATUSES)})`)),
    unique('payments_provider_reference_unique').on(t.provider, t.providerReference),
    check('payments_amount_non_negative', sql`${t.amountCents} >= 0`),
    check('payments_provider_valid', sql.raw(`provider IN (${sqlList(PAYMENT_PROVIDERS)})`)),
    check('payments_status_valid', sql.raw(`status IN (${sqlList(PAYMENT_ATTEMPT_STATUSES)})`)),
  ],
);

/**
 * Provider notifications as received. The unique (provider, event_id) makes webhook handling
 * idempotent: a redelivered event conflicts instead of being applied twice. order_id is set
 * when the event names one of our orders, so an order's payment history is one query.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_events_provider_event_unique').on(t.provider, t.eventId),
    index('payment_events_order_id_idx').on(t.orderId),
  ],
);
