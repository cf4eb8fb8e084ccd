import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

const INDEX =
  '<!doctype html><html lang="fr"><title>Cadran</title><div id="root"></div><script type="module" src="/assets/index-Bx7f3k2a.js"></script></html>';
const ASSET = 'console.info("cadran");';
const CLIENT =
  '<!doctype html><html lang="fr"><title>Espace client</title><div id="root"></div><script type="module" src="/assets/client-C1x2y3z4.js"></script></html>';

describe('serving the built SPA', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'client.html'), CLIENT);
    await writeFile(path.join(dist, 'assets', 'index-Bx7f3k2a.js'), ASSET);
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, '.env'), 'SECRET=1');
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers / and every SPA route with index.html, never cached', async () => {
    for (const url of [
      '/',
      '/pricing',
      '/store/cart',
      '/store/order/success/CAD-2026-0001',
      '/no/such/page?x=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers HEAD like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/features' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Bx7f3k2a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(ASSET);
  });

  it('serves robots.txt and favicon.svg from the build with a short cache', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.headers['cache-control']).toBe('public, max-age=300');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a missing file with 404, not with the SPA', async () => {
    for (const url of ['/assets/index-missing.js', '/logo.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Ressource introuvable' });
    }
  });

  it('never serves dotfiles or files outside the build', async () => {
    const dotfile = await t.app.inject({ method: 'GET', url: '/.env' });
    expect(dotfile.statusCode).toBe(404);
    expect(dotfile.body).not.toContain('SECRET');
    for (const url of [
      '/assets/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      expect(res.body, url).not.toContain('"workspaces"');
    }
  });

  it('answers unknown API paths and non-GET methods with the JSON 404', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/website/nothing' },
      { method: 'GET' as const, url: '/api' },
      { method: 'GET' as const, url: '/website/nothing' },
      { method: 'POST' as const, url: '/pricing' },
      { method: 'DELETE' as const, url: '/api/health' },
    ]) {
      const res = await t.app.inject({ ...request, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, request.url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ success: false, message: 'Resource not found' });
    }
  });

  it('answers /client and every address under it with the client application’s own page', async () => {
    for (const url of [
      '/client',
      '/client/',
      '/client/orders/42',
      '/client/orders/CAD-2026-ABCDEFGH?x=1',
    ]) {
      // A visitor who chose English stays on the address: the application follows the choice.
      const res = await t.app.inject({ method: 'GET', url, cookies: { language: 'en' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(CLIENT);
    }
    // Only its own prefix: a public page that merely starts alike is the site's.
    const site = await t.app.inject({ method: 'GET', url: '/clients' });
    expect(site.body).toBe(INDEX);
  });
});

describe('without a web build', () => {
  it('answers pages with 503 and how to build, while the API keeps working', async () => {
    const t = await buildTestApp();
    try {
      const page = await t.app.inject({ method: 'GET', url: '/pricing' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
      // A deep link: the home page itself sends an English browser to /en/ first.
      const english = await t.app.inject({
        method: 'GET',
        url: '/features',
        headers: { 'accept-language': 'en' },
      });
      expect(english.body).toBe(
        'The website has not been built yet: run "npm run build" at the repository root, then restart the server.',
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/client' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
