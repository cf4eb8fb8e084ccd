import { BILLING_CYCLES as DOMAIN_CYCLES } from '@cadran/domain/billing-cycles';
import { CONTACT_SUBJECTS as DOMAIN_SUBJECTS } from '@cadran/domain/contact';
import {
  ORDER_STATUSES as DOMAIN_ORDER_STATUSES,
  PAYMENT_METHODS as DOMAIN_PAYMENT_METHODS,
  PAYMENT_STATUSES as DOMAIN_PAYMENT_STATUSES,
} from '@cadran/domain/order-status';
import { ROADMAP_STATUSES as DOMAIN_ROADMAP_STATUSES } from '@cadran/domain/roadmap';
import { COUNTRIES } from '@cadran/domain/vat';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { BILLING_CYCLES, licenseTemplates, vatRates } from '../src/db/schema/catalog';
import { CONTACT_SUBJECTS } from '../src/db/schema/contact';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../src/db/schema/orders';
import { ROADMAP_STATUSES, roadmapItems } from '../src/db/schema/roadmap';
import { runSeed } from '../src/db/seed/seed';
import { buildTestApp, type TestApp } from './helper';

async function counts(db: Database) {
  const [templates] = await db.select({ n: count() }).from(licenseTemplates);
  const [roadmap] = await db.select({ n: count() }).from(roadmapItems);
  const [vat] = await db.select({ n: count() }).from(vatRates);
  return { templates: templates?.n, roadmap: roadmap?.n, vat: vat?.n };
}

describe('seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(); // already seeded once
  });
  afterAll(async () => t.close());

  it('is idempotent: a second and third run insert and update nothing', async () => {
    const before = await counts(t.db);
    expect(before).toEqual({ templates: 11, roadmap: 9, vat: 10 });
    const templatesBefore = await t.db.select().from(licenseTemplates).orderBy(licenseTemplates.id);
    for (let run = 0; run < 2; run += 1) {
      expect(await runSeed(t.db, { demo: true })).toEqual({
        vatRatesWritten: 0,
        templatesInserted: 0,
        roadmapItemsInserted: 0,
      });
    }
    expect(await counts(t.db)).toEqual(before);
    expect(await t.db.select().from(licenseTemplates).orderBy(licenseTemplates.id)).toEqual(
      templatesBefore,
    );
  });

  it('holds the VAT table in basis points, Switzerland at 8.1 %', async () => {
    const rows = await t.db.select().from(vatRates);
    const rates = Object.fromEntries(rows.map((row) => [row.country, row.rateBasisPoints]));
    expect(rates).toEqual({
      FR: 2000,
      BE: 2100,
      DE: 1900,
      ES: 2100,
      IT: 2200,
      NL: 2100,
      CH: 810,
      GB: 2000,
      US: 0,
      CA: 500,
    });
    expect(rows.map((row) => row.country).sort()).toEqual([...COUNTRIES].sort());
    expect(rows.find((row) => row.country === 'CH')).toMatchObject({
      nameFr: 'Suisse',
      nameEn: 'Switzerland',
    });
  });

  it('corrects a wrong VAT rate but never overwrites an edited demo template', async () => {
    await t.db.update(vatRates).set({ rateBasisPoints: 770 }).where(eq(vatRates.country, 'CH'));
    await t.db
      .update(licenseTemplates)
      .set({ priceCents: 5900 })
      .where(eq(licenseTemplates.seedKey, 'pro-monthly'));
    const report = await runSeed(t.db, { demo: true });
    expect(report.vatRatesWritten).toBe(1);
    const [ch] = await t.db.select().from(vatRates).where(eq(vatRates.country, 'CH'));
    expect(ch?.rateBasisPoints).toBe(810);
    const [pro] = await t.db
      .select()
      .from(licenseTemplates)
      .where(eq(licenseTemplates.seedKey, 'pro-monthly'));
    expect(pro?.priceCents).toBe(5900);
  });

  it('offers a credible bilingual catalogue over several cycles', async () => {
    const all = await t.db.select().from(licenseTemplates);
    const active = all.filter((row) => row.isActive);
    expect(new Set(active.map((row) => row.billingCycle))).toEqual(
      new Set(['monthly', 'annually', 'biennially']),
    );
    expect(active.filter((row) => row.isFeatured).length).toBeGreaterThanOrEqual(3);
    expect(new Set(active.map((row) => row.nameEn))).toEqual(
      new Set(['Starter', 'Pro', 'Agency', 'Enterprise']),
    );
    for (const row of active) {
      expect(row.features.length, row.seedKey ?? '').toBeGreaterThanOrEqual(5);
      expect(row.features.length, row.seedKey ?? '').toBeLessThanOrEqual(8);
      expect(row.featuresEn).toHaveLength(row.features.length);
      expect(row.description).not.toBe('');
      expect(row.descriptionEn).not.toBe(row.description);
      expect(row.renewalPriceCents).toBeGreaterThan(0);
      expect(row.domainLimit).toBeGreaterThanOrEqual(1);
    }
    const inactive = all.filter((row) => !row.isActive);
    expect(inactive.map((row) => row.seedKey)).toEqual(['solo-annually']);
  });

  it('fills every roadmap column and keeps one item private', async () => {
    const items = await t.db.select().from(roadmapItems);
    expect(new Set(items.map((item) => item.status))).toEqual(
      new Set(['planned', 'in_progress', 'done']),
    );
    expect(items.filter((item) => !item.isPublic).map((item) => item.seedKey)).toEqual([
      'billing-engine-rewrite',
    ]);
    for (const item of items) expect(item.titleEn).not.toBe('');
  });

  it('skips demo content with SEED_DEMO=false but still writes the VAT table', async () => {
    const bare = await buildTestApp({ seed: false });
    try {
      expect(await runSeed(bare.db, { demo: false })).toEqual({
        vatRatesWritten: 10,
        templatesInserted: 0,
        roadmapItemsInserted: 0,
      });
      expect(await counts(bare.db)).toEqual({ templates: 0, roadmap: 0, vat: 10 });
    } finally {
      await bare.close();
    }
  });
});

describe('schema constants', () => {
  it('match the shared domain package, so a CHECK never refuses a value the domain allows', () => {
    expect(BILLING_CYCLES).toEqual(DOMAIN_CYCLES);
    expect(CONTACT_SUBJECTS).toEqual(DOMAIN_SUBJECTS);
    expect(ORDER_STATUSES).toEqual(DOMAIN_ORDER_STATUSES);
    expect(PAYMENT_STATUSES).toEqual(DOMAIN_PAYMENT_STATUSES);
    expect(PAYMENT_METHODS).toEqual(DOMAIN_PAYMENT_METHODS);
    expect(ROADMAP_STATUSES).toEqual(DOMAIN_ROADMAP_STATUSES);
  });
});
