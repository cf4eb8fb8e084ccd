import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { SAVED_METHOD_TYPES } from '@cadran/domain/auto-renewal-api';
import { createdAt, sqlList } from './columns';
import { users } from './users';

/** Providers that keep a method for later charges (a transfer never is one). */
export const SAVED_METHOD_PROVIDERS = ['sandbox', 'stripe', 'paypal'] as const;

/** What a sandbox method does when charged later: the test number's behaviour, never the number. */
export const SANDBOX_BEHAVIOURS = ['succeeds', 'declines', 'requires_action'] as const;

/**
 * Payment methods a buyer saved for automatic renewals (docs/payments.md 'Saved payment
 * methods'): a Stripe PaymentMethod (card, or SEPA Direct Debit with its mandate) of a Stripe
 * customer, a PayPal vault payment token, or a sandbox test method. Only what the owner is
 * shown is kept (brand and last four digits, IBAN end, expiry month); the provider keeps the
 * rest. A replaced method is detached, not deleted: renewals already charged name it.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: SAVED_METHOD_PROVIDERS }).notNull(),
    type: text('type', { enum: SAVED_METHOD_TYPES }).notNull(),
    label: text('label').notNull(),
    /** The card's last month of validity, "2027-04"; null for a mandate or PayPal. */
    expiresMonth: text('expires_month'),
    /** The provider's customer the method belongs to (Stripe customer, PayPal customer). */
    providerCustomer: text('provider_customer'),
    /** The provider's id of the method: PaymentMethod, vault token, sandbox reference. */
    providerReference: text('provider_reference').notNull(),
    /** SEPA: the mandate's reference and when the buyer accepted it. */
    mandateReference: text('mandate_reference'),
    mandateAcceptedAt: timestamp('mandate_accepted_at', { withTimezone: true }),
    sandboxBehaviour: text('sandbox_behaviour', { enum: SANDBOX_BEHAVIOURS }),
    /** When its owner was told the card expires before the next charge (sent once). */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (t) => [
    unique('saved_payment_methods_provider_reference_unique').on(t.provider, t.providerReference),
    index('saved_payment_methods_user_id_idx').on(t.userId),
    check(
      'saved_payment_methods_provider_valid',
      sql.raw(`provider IN (${sqlList(SAVED_METHOD_PROVIDERS)})`),
    ),
    check('saved_payment_methods_type_valid', sql.raw(`type IN (${sqlList(SAVED_METHOD_TYPES)})`)),
  ],
);

/** Where a buyer saving a new method for a licence stands. */
export const METHOD_SETUP_STATUSES = ['open', 'completed'] as const;

/**
 * A buyer saving a new method for a licence's renewals, outside a payment (docs/payments.md
 * 'Saved payment methods'): a Stripe Checkout Session in setup mode, or the sandbox page with
 * nothing to pay. Completed once, by the provider's notification or the sandbox decision.
 */
export const methodSetups = pgTable(
  'method_setups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    licenseId: uuid('license_id').notNull(),
    provider: text('provider', { enum: SAVED_METHOD_PROVIDERS }).notNull(),
    providerReference: text('provider_reference'),
    url: text('url'),
    status: text('status', { enum: METHOD_SETUP_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('method_setups_provider_reference_unique').on(t.provider, t.providerReference),
    index('method_setups_user_id_idx').on(t.userId),
  ],
);
