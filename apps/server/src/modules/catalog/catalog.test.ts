import { TemplatesResponseSchema, type LicenseTemplate } from '@cadran/domain/catalog';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { licenseTemplates } from '../../db/schema/catalog';
import { invalidateCatalogCache } from './service';

const LIST = '/api/v1/website/templates';
const FEATURED_PATHS = ['/website/templates/featured', '/api/v1/website/templates/featured'];

describe('catalogue API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  // Each test starts from what the database holds now, not from an earlier test's answer.
  beforeEach(() => invalidateCatalogCache());

  const get = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  const list = async (url = LIST, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode).toBe(200);
    return TemplatesResponseSchema.parse(res.json()).templates;
  };

  const activeRowsInOrder = () =>
    t.db
      .select({ id: licenseTemplates.id })
      .from(licenseTemplates)
      .where(eq(licenseTemplates.isActive, true))
      .orderBy(asc(licenseTemplates.sortOrder), asc(licenseTemplates.id));

  it('lists every active template, in sort order, with the wire types of the API', async () => {
    const res = await get(LIST);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<{ success: boolean; templates: Record<string, unknown>[] }>();
    expect(body.success).toBe(true);
    expect(body.templates.map((tpl) => tpl.id)).toEqual(
      (await activeRowsInOrder()).map((row) => row.id),
    );
    const pro = body.templates.find(
      (tpl) => tpl.name === 'Pro' && tpl.billing_cycle === 'annually',
    );
    expect(pro).toEqual({
      id: expect.any(Number) as number,
      name: 'Pro',
      description:
        'Pour les PME qui publient souvent, en plusieurs langues, avec une équipe éditoriale.',
      price: '490.00',
      setup_fee: '0.00',
      renewal_price: '490.00',
      billing_cycle: 'annually',
      domain_limit: 3,
      installation_limit: 3,
      sort_order: 20,
      is_featured: 1,
      update_permissions: 1,
      features: expect.arrayContaining(['Rôles et permissions éditoriales']) as string[],
    });
    for (const tpl of body.templates) {
      for (const money of [tpl.price, tpl.setup_fee, tpl.renewal_price]) {
        expect(money).toMatch(/^\d+\.\d{2}$/);
      }
      expect([0, 1]).toContain(tpl.is_featured);
      expect([0, 1]).toContain(tpl.update_permissions);
    }
    // The schema of the domain package accepts the whole answer (strict types).
    expect(TemplatesResponseSchema.safeParse(body).success).toBe(true);
  });

  it('hides inactive templates, including a retired featured one', async () => {
    const all = await list();
    expect(all.some((tpl) => tpl.name.startsWith('Solo'))).toBe(false);

    const [agency] = await t.db
      .update(licenseTemplates)
      .set({ isActive: false })
      .where(eq(licenseTemplates.seedKey, 'agence-annually'))
      .returning({ id: licenseTemplates.id });
    try {
      invalidateCatalogCache();
      const after = await list();
      expect(after.map((tpl) => tpl.id)).not.toContain(agency!.id);
      expect(after).toHaveLength(all.length - 1);
      for (const path of FEATURED_PATHS) {
        expect((await list(path)).map((tpl) => tpl.id)).not.toContain(agency!.id);
      }
    } finally {
      await t.db
        .update(licenseTemplates)
        .set({ isActive: true })
        .where(eq(licenseTemplates.id, agency!.id));
    }
  });

  it.each(FEATURED_PATHS)('%s answers the featured subset of the list', async (path) => {
    const all = await list();
    const featured = await list(path);
    expect(featured.length).toBeGreaterThan(0);
    expect(featured).toEqual(all.filter((tpl) => tpl.is_featured === 1));
  });

  describe('language', () => {
    const agency = (templates: LicenseTemplate[]) =>
      templates.find((tpl) => tpl.billing_cycle === 'annually' && tpl.sort_order === 30);

    it('answers in French by default', async () => {
      expect(agency(await list())?.name).toBe('Agence');
    });

    it('answers English names, descriptions and features with ?lang=en', async () => {
      const en = agency(await list(`${LIST}?lang=en`));
      expect(en?.name).toBe('Agency');
      expect(en?.description).toBe(
        "For web agencies that build and maintain their clients' websites.",
      );
      expect(en?.features[0]).toBe('Multi-site dashboard');
      expect(en?.price).toBe('1190.00');
    });

    it('follows Accept-Language without a lang parameter, and lets ?lang win over it', async () => {
      const english = { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' };
      expect(agency(await list(LIST, english))?.name).toBe('Agency');
      expect(agency(await list(`${LIST}?lang=fr`, english))?.name).toBe('Agence');
      const featured = await list(`${FEATURED_PATHS[0]}?lang=en`);
      expect(featured.map((tpl) => tpl.name)).toContain('Enterprise');
    });

    it('falls back to the French copy when the English one is missing', async () => {
      const where = eq(licenseTemplates.seedKey, 'agence-annually');
      const [original] = await t.db.select().from(licenseTemplates).where(where);
      await t.db
        .update(licenseTemplates)
        .set({ nameEn: '  ', descriptionEn: '', featuresEn: [] })
        .where(where);
      try {
        invalidateCatalogCache();
        const en = agency(await list(`${LIST}?lang=en`));
        expect(en?.name).toBe('Agence');
        expect(en?.description).toMatch(/^Pour les agences web/);
        expect(en?.features[0]).toBe('Tableau de bord multi-sites');
      } finally {
        const { nameEn, descriptionEn, featuresEn } = original!;
        await t.db.update(licenseTemplates).set({ nameEn, descriptionEn, featuresEn }).where(where);
      }
    });

    it.each(['de', 'EN', '', 'en;drop table'])(
      'refuses ?lang=%s with a 400 field error',
      async (lang) => {
        const res = await get(`${LIST}?lang=${encodeURIComponent(lang)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          errors: { lang: [expect.any(String)] },
        });
      },
    );

    it('refuses a repeated lang parameter', async () => {
      const res = await get(`${LIST}?lang=en&lang=fr`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    });
  });

  describe('HTTP caching', () => {
    it('sends a strong ETag, Cache-Control and Vary', async () => {
      const res = await get(LIST);
      expect(res.headers.etag).toMatch(/^"[\w-]{20,}"$/);
      expect(res.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
      expect(res.headers.vary).toMatch(/Accept-Language/i);
    });

    it('sends the same JSON compressed when the client accepts it', async () => {
      const plain = await get(LIST);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
      const gz = await get(LIST, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
      const again = await get(LIST, {
        'accept-encoding': 'br',
        'if-none-match': String(br.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    });

    it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
      const first = await get(LIST);
      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(LIST, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      const stale = await get(LIST, { 'if-none-match': '"not-the-current-one"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toMatchObject({ success: true });
    });

    it('gives each language and each list its own ETag', async () => {
      const tags = new Set(
        await Promise.all(
          [LIST, `${LIST}?lang=en`, FEATURED_PATHS[1]!].map(
            async (url) => (await get(url)).headers.etag,
          ),
        ),
      );
      expect(tags.size).toBe(3);
    });

    it('serves from memory until invalidated, then shows the change with a new ETag', async () => {
      const before = await get(LIST);
      const where = and(
        eq(licenseTemplates.seedKey, 'pro-annually'),
        eq(licenseTemplates.isActive, true),
      );
      await t.db.update(licenseTemplates).set({ priceCents: 45_000 }).where(where);
      try {
        const cached = await get(LIST);
        expect(cached.headers.etag).toBe(before.headers.etag);
        expect(cached.body).toBe(before.body);

        invalidateCatalogCache();
        const fresh = await get(LIST, { 'if-none-match': String(before.headers.etag) });
        expect(fresh.statusCode).toBe(200);
        expect(fresh.headers.etag).not.toBe(before.headers.etag);
        const pro = TemplatesResponseSchema.parse(fresh.json()).templates.find(
          (tpl) => tpl.name === 'Pro' && tpl.billing_cycle === 'annually',
        );
        expect(pro?.price).toBe('450.00');
      } finally {
        await t.db.update(licenseTemplates).set({ priceCents: 49_000 }).where(where);
      }
    });

    it('ignores an absurdly long If-None-Match without failing', async () => {
      const res = await get(LIST, { 'if-none-match': `"${'x'.repeat(6000)}",`.repeat(2) });
      expect(res.statusCode).toBe(200);
    });
  });

  it('offers no write method on the catalogue', async () => {
    const res = await t.app.inject({ method: 'POST', url: LIST, payload: { name: 'Gratuit' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers an empty list when nothing is on sale', async () => {
    const empty = await buildTestApp({ seed: false });
    try {
      for (const url of [LIST, FEATURED_PATHS[0]!]) {
        const res = await empty.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, templates: [] });
      }
    } finally {
      await empty.close();
    }
  });
});
