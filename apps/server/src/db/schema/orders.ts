import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { CURRENCY, LANGUAGES } from '@cadran/domain/constants';
import {
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@cadran/domain/order-status';
import { ORDER_VAT_NUMBER_STATUSES } from '@cadran/domain/orders';
import { TAX_KINDS } from '@cadran/domain/tax-treatment';
import { licenseTemplates } from './catalog';
import { createdAt, sqlList, updatedAt } from './columns';
import { users } from './users';

// The lists of allowed values are the domain's: one list, checked by the database too.
export { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES };

/** The index that allows a licence one open renewal order (orders.renews_license_id). */
export const ONE_OPEN_RENEWAL_PER_LICENSE = 'orders_one_open_renewal_per_license';

/**
 * Orders (docs/product.md 'Orders'). Every amount is recomputed by the server and stored in cents
 * with the VAT rate used, so an invoice can be reproduced even after the VAT table changes.
 * (user_id, idempotency_key) is unique: a retried POST with the same Idempotency-Key finds the
 * first order instead of creating a second one; request_hash detects a reused key with a different
 * body.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    currency: char('currency', { length: 3 }).notNull().default(CURRENCY),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    // What the order was priced with (docs/decisions/014-vies-and-promo-redemptions.md), so an
    // invoice reproduces it: the promo's discount, the amount VAT was computed on, the tax
    // treatment and its legal mention, the VAT number as checked and the check's result.
    discountCents: integer('discount_cents').notNull().default(0),
    taxableCents: integer('taxable_cents').notNull(),
    /** Null on orders placed before tax treatments were recorded (ten-country table). */
    taxKind: text('tax_kind', { enum: TAX_KINDS }),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** Message key of the invoice's legal mention when no VAT is charged. */
    taxMentionKey: text('tax_mention_key'),
    /** Normalised ("EL094259216"); null when the buyer gave none. */
    vatNumber: text('vat_number'),
    vatNumberStatus: text('vat_number_status', { enum: ORDER_VAT_NUMBER_STATUSES })
      .notNull()
      .default('none'),
    /** VIES's consultation number: the proof the number was checked at the sale. */
    vatConsultationNumber: text('vat_consultation_number'),
    vatCheckedAt: timestamp('vat_checked_at', { withTimezone: true }),
    /** The code as normalised; the redemption row links to the code itself. */
    promoCode: text('promo_code'),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown>>().notNull(),
    /** Only when it differs from the billing address (a mention of the e-invoicing reform). */
    deliveryAddress: jsonb('delivery_address').$type<Record<string, unknown>>(),
    notes: text('notes'),
    locale: text('locale', { enum: LANGUAGES }).notNull().default('fr'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    flaggedReason: text('flagged_reason'),
    /** The buyer asked, ticking the box at checkout, for the licences to renew themselves. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /**
     * A renewal order: the licence it renews, written with the order and never changed (the
     * link with its period is license_renewals'). It is here so the database itself allows one
     * open renewal order per licence (orders_one_open_renewal_per_license).
     */
    renewsLicenseId: uuid('renews_license_id'),
    /** When the consumer used the withdrawal function (docs/product.md 'Withdrawal'). */
    withdrawalRequestedAt: timestamp('withdrawal_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex(ONE_OPEN_RENEWAL_PER_LICENSE)
      .on(t.renewsLicenseId)
      .where(
        sql.raw(`renews_license_id IS NOT NULL AND status IN (${sqlList(OPEN_ORDER_STATUSES)})`),
      ),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    check('orders_status_valid', sql.raw(`status IN (${sqlList(ORDER_STATUSES)})`)),
    check(
      'orders_payment_status_valid',
      sql.raw(`payment_status IN (${sqlList(PAYMENT_STATUSES)})`),
    ),
    check(
      'orders_payment_method_valid',
      sql.raw(`payment_method IN (${sqlList(PAYMENT_METHODS)})`),
    ),
    check(
      'orders_amounts_non_negative',
      sql`${t.subtotalCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} >= 0 AND ${t.taxRateBasisPoints} BETWEEN 0 AND 10000`,
    ),
    check(
      'orders_discount_valid',
      sql`${t.discountCents} BETWEEN 0 AND ${t.subtotalCents} AND ${t.taxableCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
    check('orders_tax_kind_valid', sql.raw(`tax_kind IN (${sqlList(TAX_KINDS)})`)),
    check(
      'orders_vat_number_status_valid',
      sql.raw(`vat_number_status IN (${sqlList(ORDER_VAT_NUMBER_STATUSES)})`),
    ),
  ],
);

/**
 * Order lines. template_snapshot keeps the template as sold (name, limits, prices), so later
 * catalogue edits never rewrite past orders; template_id stays for reporting. position keeps
 * the cart's order of lines: ids are random, so nothing else would.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => licenseTemplates.id),
    templateSnapshot: jsonb('template_snapshot').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull().default(0),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    /** The line's part of the order's promo discount (its taxable amount is total less this). */
    discountCents: integer('discount_cents').notNull().default(0),
    customizations: jsonb('customizations').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId, t.position),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_items_amounts_non_negative',
      sql`${t.unitPriceCents} >= 0 AND ${t.totalPriceCents} >= 0 AND ${t.discountCents} BETWEEN 0 AND ${t.totalPriceCents}`,
    ),
  ],
);

/**
 * Audit trail of the order state machine (docs/product.md 'Orders' ('The order state machine')):
 * one row per transition.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    paymentStatus: text('payment_status'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_id_idx').on(t.orderId)],
);
