import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RENEWAL_CHARGE_STATUSES } from '@cadran/domain/auto-renewal';
import { BILLING_CYCLES } from '@cadran/domain/billing-cycles';
import { LICENSE_STATES } from '@cadran/domain/licenses';
import { licenseTemplates } from './catalog';
import { createdAt, sqlList } from './columns';
import { orderItems, orders } from './orders';
import { savedPaymentMethods } from './saved-methods';
import { users } from './users';

/**
 * Licences issued from paid order lines. Limits and update rights are copied from the
 * template at issue time: the customer keeps what was sold even if the template changes.
 * Each licence has its own domains (docs/product.md 'Licences'); `state` is what staff set
 * (suspended, revoked), the dates decide grace and expiry (packages/domain/src/licenses.ts).
 */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    licenseKey: text('license_key').notNull().unique(),
    templateId: integer('template_id')
      .notNull()
      .references(() => licenseTemplates.id),
    domains: jsonb('domains').$type<string[]>().notNull().default([]),
    domainLimit: integer('domain_limit').notNull(),
    installationLimit: integer('installation_limit').notNull(),
    updatePermissions: boolean('update_permissions').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    state: text('state', { enum: LICENSE_STATES }).notNull().default('active'),
    /** Why staff suspended or revoked it (the audit trail keeps the history). */
    stateReason: text('state_reason'),
    /**
     * Automatic renewal (docs/product.md 'Licences' ('Automatic renewal')): on only with the
     * buyer's consent at checkout or in the client area, and a saved method to charge.
     */
    autoRenew: boolean('auto_renew').notNull().default(false),
    savedMethodId: uuid('saved_method_id').references(() => savedPaymentMethods.id),
    /** When its owner (or the run, its retries spent) last stopped the automatic renewal. */
    autoRenewStoppedAt: timestamp('auto_renew_stopped_at', { withTimezone: true }),
    /** A downgrade waiting for the next renewal: the template and cycle the term renews at. */
    pendingTemplateId: integer('pending_template_id').references(() => licenseTemplates.id),
    pendingBillingCycle: text('pending_billing_cycle', { enum: BILLING_CYCLES }),
    createdAt: createdAt(),
  },
  (t) => [
    index('licenses_user_id_idx').on(t.userId),
    // The renewal run reads the licences that renew themselves, by expiry.
    index('licenses_auto_renew_idx')
      .on(t.expiresAt)
      .where(sql`${t.autoRenew}`),
    index('licenses_order_id_idx').on(t.orderId),
    // The reminder sweep reads licences by expiry.
    index('licenses_expires_at_idx').on(t.expiresAt),
    check('licenses_limits_positive', sql`${t.domainLimit} >= 1 AND ${t.installationLimit} >= 1`),
    check('licenses_state_valid', sql.raw(`state IN (${sqlList(LICENSE_STATES)})`)),
  ],
);

/**
 * The installations activated with a licence (docs/product.md 'Licences' ('Activation API')).
 * A deactivated one keeps its row, with the date, and no longer counts against the limit.
 */
export const licenseInstances = pgTable(
  'license_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * When the installation last checked its licence (activation or validate), to the
     * precision of CHECK_IN_PRECISION_MS: shown to its owner and to staff.
     */
    lastCheckInAt: timestamp('last_check_in_at', { withTimezone: true }),
  },
  (t) => [
    index('license_instances_active_idx')
      .on(t.licenseId)
      .where(sql`${t.deactivatedAt} IS NULL`),
  ],
);

/**
 * Reminders sent before a licence expires: one row per licence, expiry and stage (30, 7 or 1
 * days), written in the transaction that queues the e-mail. The primary key is what makes a
 * reminder go once whatever the number of server processes; a renewal moves the expiry, so
 * the next term gets its own reminders.
 */
export const licenseReminders = pgTable(
  'license_reminders',
  {
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    stageDays: integer('stage_days').notNull(),
    mailJobId: text('mail_job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'license_reminders_pk', columns: [t.licenseId, t.expiresAt, t.stageDays] }),
  ],
);

/**
 * The notice of a coming automatic renewal (docs/product.md 'Licences' ('Automatic renewal')):
 * one row per licence and term, written in the transaction that queues the e-mail, so it goes
 * once whatever the number of processes; the next term, with its new expiry, gets its own.
 */
export const renewalNotices = pgTable(
  'renewal_notices',
  {
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    termExpiresAt: timestamp('term_expires_at', { withTimezone: true }).notNull(),
    mailJobId: text('mail_job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'renewal_notices_pk', columns: [t.licenseId, t.termExpiresAt] })],
);

/**
 * A renewal order and the licence it renews (docs/product.md 'Licences' ('Renewal')). Written
 * with the order; the period is filled in by the fulfilment when the order is paid.
 */
export const licenseRenewals = pgTable(
  'license_renewals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    periodStartsAt: timestamp('period_starts_at', { withTimezone: true }),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * An automatic renewal: the expiry of the term it renews. The new term starts there even
     * when the charge only succeeds later (dunning), and (licence, term) is unique: a term is
     * charged by one renewal order whatever the number of runs.
     */
    termExpiresAt: timestamp('term_expires_at', { withTimezone: true }),
    chargeStatus: text('charge_status', { enum: RENEWAL_CHARGE_STATUSES }),
    /** Failed charges of this term, the first one's time and when the next try is due. */
    failures: integer('failures').notNull().default(0),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** A run charging it holds it until then; a crashed run's claim lapses and another resumes. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('license_renewals_license_id_idx').on(t.licenseId),
    uniqueIndex('license_renewals_one_charge_per_term')
      .on(t.licenseId, t.termExpiresAt)
      .where(sql`${t.termExpiresAt} IS NOT NULL`),
    check(
      'license_renewals_charge_status_valid',
      sql.raw(`charge_status IN (${sqlList(RENEWAL_CHARGE_STATUSES)})`),
    ),
  ],
);

/**
 * An upgrade bought for a licence (docs/product.md 'Licences' ('Plan changes')): its order,
 * paid like any, moves the licence to the new plan when the payment arrives. Written with the
 * order; `applied_at` is set by the fulfilment, once.
 */
export const licensePlanChanges = pgTable(
  'license_plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => licenseTemplates.id),
    billingCycle: text('billing_cycle', { enum: BILLING_CYCLES }).notNull(),
    /** The expiry the licence takes: the same term, or a new one when the cycle changes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('license_plan_changes_license_id_idx').on(t.licenseId)],
);
