import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Promo codes (docs/decisions/013-tax-treatment-and-promo-rules.md for the rules,
 * docs/decisions/014-vies-and-promo-redemptions.md for how uses are counted). Exactly one of
 * percent_basis_points and amount_cents is set. The code is stored upper-cased.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amountCents: integer('amount_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Null: every template. */
    templateIds: jsonb('template_ids').$type<number[]>(),
    /** Null: every billing cycle. */
    billingCycles: jsonb('billing_cycles').$type<BillingCycle[]>(),
    /** False once staff switched the code off: refused at checkout, kept for its orders. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('promo_codes_code_unique').on(t.code),
    check(
      'promo_codes_one_discount',
      // IS NOT NULL spelled out: a CHECK that evaluates to NULL passes.
      sql`(${t.percentBasisPoints} IS NOT NULL AND ${t.percentBasisPoints} BETWEEN 1 AND 10000 AND ${t.amountCents} IS NULL) OR (${t.amountCents} IS NOT NULL AND ${t.amountCents} > 0 AND ${t.percentBasisPoints} IS NULL)`,
    ),
  ],
);

/**
 * One use of a code: written in the order's transaction, one per order. A cancelled order's
 * redemption stays as history but no longer counts against the limits (decision 014).
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('promo_redemptions_order_unique').on(t.orderId),
    index('promo_redemptions_code_user_idx').on(t.promoCodeId, t.userId),
  ],
);

/**
 * VIES answers kept so a quote typed again and again does not ask VIES each time: a
 * confirmation for a day, a refusal for an hour; an unreachable VIES is never kept.
 */
export const vatNumberChecks = pgTable('vat_number_checks', {
  vatNumber: text('vat_number').primaryKey(),
  status: text('status', { enum: ['verified', 'invalid'] }).notNull(),
  consultationNumber: text('consultation_number'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
