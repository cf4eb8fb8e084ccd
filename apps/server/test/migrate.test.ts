import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';
import { buildTestApp, type TestApp } from './helper';

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('create every table of the store', async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'account_tokens',
      'contact_message_replies',
      'contact_messages',
      'einvoice_events',
      'invoice_counters',
      'invoices',
      'license_instances',
      'license_plan_changes',
      'license_reminders',
      'license_renewals',
      'license_templates',
      'licenses',
      'mail_queue',
      'method_setups',
      'newsletter_subscribers',
      'order_events',
      'order_items',
      'orders',
      'payment_events',
      'payments',
      'promo_codes',
      'promo_redemptions',
      'rate_limits',
      'refunds',
      'release_artifacts',
      'release_downloads',
      'release_items',
      'release_preferences',
      'releases',
      'renewal_notices',
      'roadmap_items',
      'roadmap_votes',
      'saved_payment_methods',
      'sessions',
      'staff_audit_entries',
      'staff_recovery_codes',
      'staff_second_factors',
      'users',
      'vat_number_checks',
      'vat_rates',
      'voter_notifications',
    ]);
  });

  it('are applied once even when several processes start together', async () => {
    await Promise.all([
      migrateDatabase(t.database),
      migrateDatabase(t.database),
      migrateDatabase(t.database),
    ]);
    const applied = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    // One row per committed migration, whatever their number.
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied[0]?.n).toBe(journal.entries.length);
  });

  it('enforce the business constraints in the database itself', async () => {
    await expect(
      t.db
        .execute(sql`insert into users (email, password_hash, first_name, last_name, phone, address_line_1, city, postal_code)
        values ('Claire@Example.fr', 'h', 'Claire', 'Martin', '0102030405', '1 rue de la Paix', 'Paris', '75002')`),
    ).rejects.toThrow();
    await expect(
      t.db
        .execute(sql`insert into license_templates (name, name_en, description, description_en, price_cents, renewal_price_cents, billing_cycle)
        values ('X', 'X', 'd', 'd', -1, 0, 'annually')`),
    ).rejects.toThrow();
    await expect(
      t.db
        .execute(sql`insert into license_templates (name, name_en, description, description_en, price_cents, renewal_price_cents, billing_cycle)
        values ('X', 'X', 'd', 'd', 100, 100, 'weekly')`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`insert into vat_rates (country, rate_basis_points, name_fr, name_en) values ('XX', 10001, 'x', 'x')`,
      ),
    ).rejects.toThrow();
    // A promo code is a percentage or an amount, never both nor neither.
    for (const [percent, amount] of [
      [1000, 500],
      [null, null],
      [20_000, null],
    ]) {
      await expect(
        t.db.execute(
          sql`insert into promo_codes (code, percent_basis_points, amount_cents) values ('BAD', ${percent}, ${amount})`,
        ),
      ).rejects.toThrow();
    }
  });
});
