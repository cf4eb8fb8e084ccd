import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/**
 * English at its own addresses (docs/product.md 'Languages and texts'): a returning visitor
 * who chose English (the 'language' cookie) is sent from a French address to its English twin;
 * a first visit of the home address whose browser prefers English goes to /en/; deep links and
 * crawlers are never moved on the browser's word. The sitemap lists both languages.
 */

const INDEX =
  '<!doctype html><html lang="fr"><head></head><body><div id="root"></div></body></html>';
const PUBLIC_URL = 'https://www.cadran.example';

describe('pages per language', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a visitor who chose English from a French address to the English one, query kept', async () => {
    const res = await get('/pricing?cycle=yearly', { cookie: 'language=en' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/pricing?cycle=yearly');
    expect(res.headers['cache-control']).toBe('no-store');

    const home = await get('/', { cookie: 'cadran_signed_in=1; language=en' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/en/');
  });

  it('serves the English address itself to that visitor', async () => {
    const res = await get('/en/pricing', { cookie: 'language=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('never moves a deep link without the cookie, whatever the browser language', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'accept-language': 'en-US,en;q=0.9' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'accept-language': 'en' },
    ]) {
      for (const url of ['/pricing', '/contact?topic=sales', '/store/cart']) {
        expect((await get(url, headers)).statusCode).toBe(200);
      }
    }
  });

  it('sends a first visit of the home page to /en/ when the browser prefers English', async () => {
    for (const language of ['en', 'en-GB,en;q=0.9,fr;q=0.8', 'de-DE,en;q=0.8', 'fr;q=0.4,en']) {
      const res = await get('/?utm_source=news', { 'accept-language': language });
      expect(res.statusCode, language).toBe(302);
      expect(res.headers.location).toBe('/en/?utm_source=news');
      expect(res.headers['cache-control']).toBe('no-store');
      // Nothing is saved: the choice stays the visitor's to make.
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('keeps the home page French for French browsers, crawlers and a saved French choice', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' },
      { 'accept-language': 'en;q=0.5,fr' },
      { 'accept-language': 'de-DE' },
      { 'accept-language': 'en', cookie: 'language=fr' },
    ]) {
      const res = await get('/', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      // The same address answers differently per browser language: caches must key on it.
      expect(res.headers.vary).toMatch(/Accept-Language/i);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    }
    expect((await get('/en/', { 'accept-language': 'en' })).statusCode).toBe(200);
  });

  it('leaves a French choice, a forged value, API paths and files alone', async () => {
    expect((await get('/pricing', { cookie: 'language=fr' })).statusCode).toBe(200);
    expect((await get('/pricing', { cookie: 'language=https://evil.example' })).statusCode).toBe(
      200,
    );
    expect((await get('/api/v1/nothing', { cookie: 'language=en' })).statusCode).toBe(404);
    expect((await get('/assets/missing.js', { cookie: 'language=en' })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/pricing',
      cookies: { language: 'en' },
    });
    expect(post.statusCode).not.toBe(302);
  });

  it('lists every public page in both languages in the sitemap, each naming its twins', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const locations = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/', '/pricing', '/roadmap', '/legal/terms']) {
      expect(locations).toContain(`${PUBLIC_URL}${page}`);
      expect(locations).toContain(`${PUBLIC_URL}${page === '/' ? '/en/' : `/en${page}`}`);
    }
    expect(locations.some((location) => location?.includes('/store/'))).toBe(false);
    expect(res.body).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/en/pricing"/>`,
    );
    expect(res.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/pricing"/>`,
    );
  });
});
