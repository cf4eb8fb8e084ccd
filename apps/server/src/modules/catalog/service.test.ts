import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { licenseTemplates } from '../../db/schema/catalog';
import { CATALOG_CACHE_TTL_MS, getCatalogAnswers, invalidateCatalogCache } from './service';

describe('catalogue cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const insertTemplate = async (name: string) =>
    t.db.insert(licenseTemplates).values({
      name,
      nameEn: name,
      description: 'Offre de test',
      descriptionEn: 'Test offer',
      priceCents: 100,
      renewalPriceCents: 100,
      billingCycle: 'quarterly',
      sortOrder: 99,
    });

  it('expires entries after the TTL, so other processes’ changes show up', async () => {
    invalidateCatalogCache();
    const start = Date.now();
    const before = await getCatalogAnswers(t.db, 'fr', start);
    await insertTemplate('Trimestriel test');
    const cached = await getCatalogAnswers(t.db, 'fr', start + CATALOG_CACHE_TTL_MS - 1);
    expect(cached.all.etag).toBe(before.all.etag);
    // Expired: the last answer is served while the catalogue is read again.
    const stale = await getCatalogAnswers(t.db, 'fr', start + CATALOG_CACHE_TTL_MS + 1);
    expect(stale.all.etag).toBe(before.all.etag);
    let expired = stale;
    await vi.waitFor(async () => {
      expired = await getCatalogAnswers(t.db, 'fr', start + CATALOG_CACHE_TTL_MS + 2);
      expect(expired.all.etag).not.toBe(before.all.etag);
    });
    expect(expired.all.body).toContain('Trimestriel test');
    // Not featured: the featured answer is unchanged.
    expect(expired.featured.etag).toBe(before.featured.etag);
  });

  it('shares one database read between concurrent cold requests', async () => {
    invalidateCatalogCache();
    const answers = await Promise.all([
      getCatalogAnswers(t.db, 'fr'),
      getCatalogAnswers(t.db, 'en'),
      getCatalogAnswers(t.db, 'fr'),
    ]);
    expect(answers[0]).toBe(answers[2]);
    expect(answers[1]?.all.etag).not.toBe(answers[0]?.all.etag);
  });
});
