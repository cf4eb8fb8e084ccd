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
import { invoices } from './invoices';
import { orders } from './orders';

// The lists of allowed values are the domain's: one list, checked by the database too.
export { PAYMENT_ATTEMPT_STATUSES, PAYMENT_PROVIDERS };

/** Attempts that may still take money: an order has at most one of them. */
export const OPEN_PAYMENT_ATTEMPT_STATUSES = ['created', 'pending'] as const;

/** The index that keeps one open attempt per order; its violation names it. */
export const OPEN_ATTEMPT_INDEX = 'payments_one_open_attempt_per_order';

/**
 * One provider reference per provider. A bank transfer's reference is its order's number, so
 * two first attempts of one order written at once may meet here before the open-attempt index.
 */
export const PROVIDER_REFERENCE_UNIQUE = 'payments_provider_reference_unique';

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
    /**
     * The provider's id of the money once it arrived (Stripe payment intent, PayPal capture):
     * what a refund names. Null until paid, and for the sandbox and bank transfers.
     */
    moneyReference: text('money_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId, t.createdAt),
    uniqueIndex(OPEN_ATTEMPT_INDEX)
      .on(t.orderId)
      .where(sql.raw(`status IN (${sqlList(OPEN_PAYMENT_ATTEMPT_STATUSES)})`)),
    unique(PROVIDER_REFERENCE_UNIQUE).on(t.provider, t.providerReference),
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

/** What a refund gives back: the rest of the payment (or all of it), or its VAT alone. */
export const REFUND_KINDS = ['full', 'vat'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * Money given back (docs/payments.md 'Refunds'): at most one row per payment attempt and kind:
 * `vat`, the VAT alone once VIES confirmed the buyer's number (the order stays paid), and `full`,
 * what remains of the payment, written in the transaction that marks the order refunded. The
 * pair (`payment_id`, `kind`) is unique, so the same money cannot be recorded twice; `provider_reference` is the provider's refund id
 * (null for the sandbox and for a transfer given back by hand). `refunded_by` is `admin:<id>`
 * for a staff refund, `automatic` for money that arrived after a cancellation.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: REFUND_KINDS }).notNull().default('full'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default(CURRENCY),
    providerReference: text('provider_reference'),
    reason: text('reason').notNull(),
    refundedBy: text('refunded_by').notNull(),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_id_idx').on(t.orderId),
    uniqueIndex('refunds_one_per_payment_and_kind').on(t.paymentId, t.kind),
    check('refunds_kind_valid', sql.raw(`kind IN (${sqlList(REFUND_KINDS)})`)),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_provider_valid', sql.raw(`provider IN (${sqlList(PAYMENT_PROVIDERS)})`)),
  ],
);
