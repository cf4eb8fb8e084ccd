import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { licenseTemplates } from './catalog';
import { createdAt } from './columns';
import { orderItems, orders } from './orders';
import { users } from './users';

/**
 * Licences issued from paid order lines. Limits and update rights are copied from the
 * template at issue time: the customer keeps what was sold even if the template changes.
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
    createdAt: createdAt(),
  },
  (t) => [
    index('licenses_user_id_idx').on(t.userId),
    index('licenses_order_id_idx').on(t.orderId),
    check('licenses_limits_positive', sql`${t.domainLimit} >= 1 AND ${t.installationLimit} >= 1`),
  ],
);
