import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { licenseTemplates } from '../src/db/schema/catalog';
import {
  CATALOG_CACHE_TTL_MS,
  getCatalogAnswers,
  invalidateCatalogCache,
} from '../src/modules/catalog/service';
import { buildTestApp, captureLogs, type TestApp } from './helper';
import { signedInStaff } from './staff-guard-helpers';

/**
 * Public pages arrive drawn by the server in the language of their address, with the data
 * staff can change (docs/decisions/023-pages-drawn-on-the-server.md). The web app's server
 * entry is built for the test (a few seconds), into a build folder of its own.
 */

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const INDEX =
  '<!doctype html><html lang="fr"><head><title>Cadran</title><meta name="description" content="static" /></head><body><div id="root"></div><script type="module" src="/assets/index-E1.js"></script></body></html>';

/** The support address the server is set with, not the built-in one. */
const SUPPORT = 'aide@horlogerie.example';
/** A seller other than the demo company, as a production server is set. */
const SELLER = {
  SELLER_NAME: 'Horlogerie Exemple SARL',
  SELLER_LEGAL_FORM: 'SARL',
  SELLER_SHARE_CAPITAL: '7500',
  SELLER_ADDRESS: '4 place du Marché',
  SELLER_POSTAL_CODE: '25000',
  SELLER_CITY: 'Besançon',
  SELLER_SIREN: '732829320',
  SELLER_RCS_CITY: 'Besançon',
};

describe('pages drawn on the server', () => {
  let t: TestApp;
  let dist: string;
  const logs = captureLogs();

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    const build = spawnSync(
      process.execPath,
      [
        path.join(WEB_DIR, '../../node_modules/vite/bin/vite.js'),
        'build',
        '--ssr',
        'src/entry-server.tsx',
        '--outDir',
        path.join(dist, '.ssr'),
        '--logLevel',
        'error',
      ],
      { cwd: WEB_DIR, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`server entry build failed: ${build.stderr}`);
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await writeFile(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({ 'src/islands/main.ts': { file: 'assets/islands-I1.js', isEntry: true } }),
    );
    t = await buildTestApp({
      env: { WEB_DIST_DIR: dist, SUPPORT_EMAIL: SUPPORT, ...SELLER },
      logger: logs.logger,
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** How many requests the server logged for `url`, whatever their query: its drawings' reads. */
  const requested = (url: string) =>
    logs.lines.filter(
      (line) => (line.req as { url?: string } | undefined)?.url?.split('?')[0] === url,
    ).length;

  it('draws the French home page with its text, title and links to its twins', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="fr"');
    expect(res.body).toMatch(/<h1[^>]*>Le CMS professionnel/);
    expect(res.body).toContain('<title>Le CMS professionnel');
    // index.html's static title and description made way for the page's own.
    expect(res.body).not.toContain('<title>Cadran</title>');
    expect(res.body).not.toContain('content="static"');
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"\/>/);
    expect(res.body).toMatch(/hrefLang="en" href="http:\/\/127\.0\.0\.1:\d+\/en\/"/);
    // A public page: the islands' runtime instead of the application, and no state to hand over
    // (docs/decisions/048-islands-on-public-pages.md).
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/islands-I1.js">');
    expect(res.body).not.toContain('index-E1.js');
    expect(res.body).not.toContain('id="ssr-state"');
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    // Each island drawn with its texts and props, the rest plain HTML.
    for (const island of ['cart-link', 'mobile-navigation', 'hero-showcase', 'newsletter-form']) {
      expect(res.body).toContain(`data-island="${island}"`);
    }
    expect(res.body).not.toContain('data-island-slot');
    // The featured licences come with the page.
    expect(res.body).toContain('id="home-featured"');
  });

  it('hands a page of the application its state to hydrate the whole page with', async () => {
    const res = await get('/en/store/cart');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script type="module" src="/assets/index-E1.js">');
    expect(res.body).not.toContain('islands-I1.js');
    // The state the browser hydrates with, as data the browser never runs.
    expect(res.body).toContain('<script type="application/json" id="ssr-state">');
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('draws the English pricing page with the plans and their prices', async () => {
    const res = await get('/en/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<title>Pricing · Cadran</title>');
    expect(res.body).toContain('€490.00');
    expect(res.body).toMatch(/<h3[^>]*>Pro<\/h3>/);
    const french = await get('/pricing');
    expect(french.body).toMatch(/490,00\s€/u);
  });

  it('draws a page once for visitors who all ask for it while it is being drawn', async () => {
    invalidateCatalogCache();
    const catalogueReadsBefore = requested('/api/v1/website/templates');
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/en/pricing')));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]?.body);
    }
    // One drawing, so the catalogue was read once for the twelve visitors.
    expect(requested('/api/v1/website/templates') - catalogueReadsBefore).toBe(1);

    // Kept: the next visitor gets it without a drawing.
    expect((await get('/en/pricing')).body).toBe(answers[0]?.body);
    expect(requested('/api/v1/website/templates') - catalogueReadsBefore).toBe(1);
  });

  it('serves a public page asked with any query string from the one drawing of its address', async () => {
    invalidateCatalogCache();
    const catalogueReadsBefore = requested('/api/v1/website/templates');
    const bare = await get('/en/pricing');
    // A campaign's tags, a shared cycle, random strings: none of them draws the page again.
    const queries = [
      '?utm_source=news',
      '?cycle=yearly',
      ...Array.from({ length: 10 }, (_, i) => `?x=${i}`),
    ];
    const answers = await Promise.all(queries.map((query) => get(`/en/pricing${query}`)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(bare.body);
    }
    expect(requested('/api/v1/website/templates') - catalogueReadsBefore).toBe(1);
    // The drawn language link leaves the query to the browser, which adds it as it is followed.
    expect(bare.body).toMatch(/href="\/pricing" hrefLang="fr" data-language-choice="fr"/);

    // A page that reads its query is still drawn with it: the failure page shows the provider's
    // cancellation, which its bare address does not.
    const failure = await get('/en/store/order/failure?error=cancelled');
    const bareFailure = await get('/en/store/order/failure');
    expect(failure.statusCode).toBe(200);
    expect(failure.body).not.toBe(bareFailure.body);
  });

  it('shows a catalogue change as soon as the catalogue cache drops', async () => {
    expect((await get('/en/pricing')).body).toContain('>€490.00</span>');
    await t.db
      .update(licenseTemplates)
      .set({ priceCents: 52_000, renewalPriceCents: 52_000 })
      .where(eq(licenseTemplates.priceCents, 49_000));
    invalidateCatalogCache();
    const res = await get('/en/pricing');
    // The plan's price, not the setup fee of another plan that also reads €490.00.
    expect(res.body).toContain('>€520.00</span>');
    expect(res.body).not.toContain('>€490.00</span>');
  });

  it('shows a template changed in the back office on the drawn pricing pages and the home page’s list at once', async () => {
    const [pro] = await t.db
      .select()
      .from(licenseTemplates)
      .where(eq(licenseTemplates.seedKey, 'pro-annually'));
    // Both pricing pages are drawn and kept, and the featured list the home page reads is built.
    expect((await get('/pricing')).body).not.toMatch(/610,00\s€/u);
    expect((await get('/en/pricing')).body).not.toContain('€610.00');
    await get('/website/templates/featured');
    const admin = await signedInStaff(t.app, t.db);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/templates/${pro?.id}`,
      headers: admin.headers,
      payload: { price: 61_000, name_fr: 'Pro Plus', name_en: 'Pro Plus EN', featured: true },
    });
    expect(patched.statusCode).toBe(200);
    const french = await get('/pricing');
    expect(french.body).toMatch(/610,00\s€/u);
    expect(french.body).toMatch(/<h3[^>]*>Pro Plus<\/h3>/);
    const english = await get('/en/pricing');
    expect(english.body).toContain('>€610.00</span>');
    expect(english.body).toMatch(/<h3[^>]*>Pro Plus EN<\/h3>/);
    const featured = (await get('/website/templates/featured')).json<{
      templates: Array<{ name: string; price: string }>;
    }>();
    expect(featured.templates).toContainEqual(
      expect.objectContaining({ name: 'Pro Plus', price: '610.00' }),
    );
    expect((await get('/')).statusCode).toBe(200);
  });

  it('draws the home page without the featured section when no licence is featured', async () => {
    const featured = await t.db
      .update(licenseTemplates)
      .set({ isFeatured: false })
      .where(eq(licenseTemplates.isFeatured, true))
      .returning({ id: licenseTemplates.id });
    expect(featured.length).toBeGreaterThan(0);
    invalidateCatalogCache();
    try {
      const res = await get('/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<h1[^>]*>Le CMS professionnel/);
      expect(res.body).not.toContain('id="home-featured"');
    } finally {
      for (const { id } of featured) {
        await t.db
          .update(licenseTemplates)
          .set({ isFeatured: true })
          .where(eq(licenseTemplates.id, id));
      }
      invalidateCatalogCache();
    }
  });

  it('answers an unknown address with a real redirect to the home page of its language', async () => {
    const french = await get('/no/such/page');
    expect(french.statusCode).toBe(302);
    expect(french.headers.location).toBe('/');
    const english = await get('/en/no/such/page');
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/en/');
  });

  it('draws the shell and title of a page the browser fills (the cart)', async () => {
    const res = await get('/store/cart');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Panier · Cadran</title>');
    expect(res.body).toMatch(/<header/);
    expect(res.body).toMatch(/<footer/);
  });

  it('shows the support address setting on every page, as e-mails and invoices give it', async () => {
    for (const url of [
      '/contact',
      '/en/contact',
      '/legal/notice',
      '/en/legal/sales',
      '/store/cart',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      // The footer's link, and the legal texts that name the address.
      expect(res.body, url).toContain(`href="mailto:${SUPPORT}"`);
      expect(res.body.split(SUPPORT).length, url).toBeGreaterThan(2);
      expect(res.body, url).not.toContain('support@cadran.fr');
    }
    // The contact form's island is handed the address for its "write to us" message.
    const contact = await get('/en/contact');
    expect(contact.body).toMatch(/data-island-props="[^"]*aide@horlogerie\.example/);
    // The failure page, drawn with islands for each address, gives it in its HTML.
    const failure = await get('/store/order/failure?order=CAD-2026-000001');
    expect(failure.body).toContain(`href="mailto:${SUPPORT}"`);
    expect(failure.body).not.toContain('id="ssr-state"');
    // A page the browser draws reads it from the state it hydrates with.
    const state = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(
      (await get('/store/cart')).body,
    );
    expect(JSON.parse(state?.[1] ?? '{}')).toMatchObject({ supportEmail: SUPPORT });
  });

  it('names the seller settings as publisher, as the invoices do, never the demo company', async () => {
    // Amounts are written with no-break spaces: compared here as plain ones.
    const text = async (url: string) => (await get(url)).body.replace(/[\u00a0\u202f]/g, ' ');
    const notice = await text('/legal/notice');
    expect(notice).toContain(
      'Horlogerie Exemple SARL, SARL au capital de 7 500,00 €, immatriculée au registre du commerce et des sociétés (RCS) de Besançon sous le numéro 732 829 320.',
    );
    expect(notice).toContain('Siège social : 4 place du Marché, 25000 Besançon, France');
    const sales = await text('/en/legal/sales');
    expect(sales).toContain(
      'Licences are sold by Horlogerie Exemple SARL, a company incorporated in France (SARL) with a share capital of €7,500.00',
    );
    expect(sales).toMatch(/EU VAT number FR\d{2} 732 829 320/);
    // The contact page's address, and the footer of every page, a page the browser draws too.
    expect(await text('/contact')).toContain('4 place du Marché, 25000 Besançon, France');
    const cart = await text('/store/cart');
    expect(cart).toMatch(/© \d{4} Horlogerie Exemple SARL\./);
    const state = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(cart);
    const publisher = (JSON.parse(state?.[1] ?? '{}') as { publisher?: unknown }).publisher;
    expect(publisher).toMatchObject({ name: 'Horlogerie Exemple SARL', siren: '732829320' });
    // Only the legal identity travels to the browser: no bank account, no e-mail address.
    expect(Object.keys(publisher ?? {}).sort()).toEqual(
      [
        'addressLines',
        'city',
        'country',
        'legalForm',
        'name',
        'postalCode',
        'rcsCity',
        'shareCapitalCents',
        'siren',
        'vatNumber',
      ].sort(),
    );
    for (const page of [notice, sales, cart]) expect(page).not.toContain('912 480 324');
  });

  it('serves a page past its time limit at once while it is drawn again with newer data', async () => {
    invalidateCatalogCache();
    const before = (await get('/en/pricing')).body;
    // Both the page and the catalogue it was drawn from were kept before this moment.
    const drawnBy = Date.now();
    const [plan] = await t.db.select().from(licenseTemplates).limit(1);
    if (!plan) throw new Error('no licence template');
    const renamed = 'Stale-while-revalidate plan';
    // Changed behind the server's back, and read by the catalogue once its limit has passed.
    await t.db
      .update(licenseTemplates)
      .set({ nameEn: renamed })
      .where(eq(licenseTemplates.id, plan.id));
    const readAgainAt = drawnBy + CATALOG_CACHE_TTL_MS + 1;
    await vi.waitFor(async () =>
      expect((await getCatalogAnswers(t.db, 'en', readAgainAt)).all.body).toContain(renamed),
    );
    // Past the page's five seconds, within the catalogue's new fifteen.
    vi.useFakeTimers({ now: drawnBy + 5_001, toFake: ['Date'] });
    try {
      // The page is past its limit: the last drawing comes at once, without the new name...
      expect((await get('/en/pricing')).body).toBe(before);
      // ...while the page is drawn again, which the next visitors get.
      await vi.waitFor(async () => expect((await get('/en/pricing')).body).toContain(renamed));
    } finally {
      vi.useRealTimers();
      await t.db
        .update(licenseTemplates)
        .set({ nameEn: plan.nameEn })
        .where(eq(licenseTemplates.id, plan.id));
      invalidateCatalogCache();
    }
  });
});
