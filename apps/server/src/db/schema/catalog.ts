import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { BILLING_CYCLES } from '@cadran/domain/billing-cycles';
import { createdAt, sqlList, updatedAt } from './columns';

export { BILLING_CYCLES };

/**
 * Licence templates (docs/product.md 'Pricing and the catalogue' ('Licence templates')): French
 * copy in name/description/features and English copy in the *_en columns. Money in integer cents
 * (docs/decisions/001-embedded-pglite-and-postgresql.md).
 * `seed_key` is the natural key of demo rows so the seed can be re-run without duplicates; rows
 * created by an operator leave it null.
 */
export const licenseTemplates = pgTable(
  'license_templates',
  {
    id: serial('id').primaryKey(),
    seedKey: text('seed_key').unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull(),
    descriptionEn: text('description_en').notNull(),
    priceCents: integer('price_cents').notNull(),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    renewalPriceCents: integer('renewal_price_cents').notNull(),
    billingCycle: text('billing_cycle', { enum: BILLING_CYCLES }).notNull(),
    domainLimit: integer('domain_limit').notNull().default(1),
    installationLimit: integer('installation_limit').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    updatePermissions: boolean('update_permissions').notNull().default(true),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    featuresEn: jsonb('features_en').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'license_templates_cents_non_negative',
      sql`${t.priceCents} >= 0 AND ${t.setupFeeCents} >= 0 AND ${t.renewalPriceCents} >= 0`,
    ),
    check(
      'license_templates_limits_positive',
      sql`${t.domainLimit} >= 1 AND ${t.installationLimit} >= 1`,
    ),
    check(
      'license_templates_billing_cycle_valid',
      sql.raw(`billing_cycle IN (${sqlList(BILLING_CYCLES)})`),
    ),
    check(
      'license_templates_features_arrays',
      sql`jsonb_typeof(${t.features}) = 'array' AND jsonb_typeof(${t.featuresEn}) = 'array'`,
    ),
    index('license_templates_listing_idx').on(t.isActive, t.billingCycle, t.sortOrder),
  ],
);

/**
 * VAT by country (docs/product.md 'Prices and VAT' ('Which VAT')), in basis points so 8.1 % is the
 * exact integer 810. The server computes order tax from this table, never from a client-sent rate.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    country: char('country', { length: 2 }).primaryKey(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [check('vat_rates_rate_range', sql`${t.rateBasisPoints} BETWEEN 0 AND 10000`)],
);
