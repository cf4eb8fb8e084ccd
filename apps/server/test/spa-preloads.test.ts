import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePattern } from '../src/web/page-html';
import { buildTestApp, captureLogs, type LogLine, type TestApp } from './helper';

/**
 * Each page's HTML announces that page's own modules, in the visitor's
 * language, so they load alongside the entry. The list comes from the build
 * (apps/web/build/route-preloads.ts writes `.vite/route-preloads.json`).
 */

const INDEX =
  '<!doctype html><html lang="fr"><head><script type="module" crossorigin src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';

const PRELOADS = {
  routes: [
    {
      path: '/',
      modules: {
        fr: ['/assets/home-H1.js', '/assets/home-fr.js'],
        en: ['/assets/home-H1.js', '/assets/home-en.js'],
      },
    },
    {
      path: '/pricing',
      modules: {
        fr: ['/assets/pricing-P1.js', '/assets/pricing-fr.js'],
        en: ['/assets/pricing-P1.js', '/assets/pricing-en.js'],
      },
    },
    {
      path: '/store/order/success/:orderNumber?',
      modules: { fr: ['/assets/success-S1.js'], en: ['/assets/success-S1.js'] },
    },
  ],
};

const links = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('routePattern', () => {
  it.each([
    ['/', '/', true],
    ['/', '/pricing', false],
    ['/pricing', '/pricing', true],
    ['/pricing', '/pricing/', true],
    ['/pricing', '/pricing/extra', false],
    ['/pricing', '/pricingx', false],
    ['/store/order/success/:orderNumber?', '/store/order/success', true],
    ['/store/order/success/:orderNumber?', '/store/order/success/CMD-2026-AB12', true],
    ['/store/order/success/:orderNumber?', '/store/order/success/a/b', false],
    ['/store/pay/sandbox/:paymentId', '/store/pay/sandbox', false],
    ['/store/pay/sandbox/:paymentId', '/store/pay/sandbox/42', true],
    ['/legal/notice', '/legal.notice', false],
  ])('%s matches %s: %s', (route, pathname, expected) => {
    expect(routePattern(route).test(pathname)).toBe(expected);
  });
});

describe('page HTML with modulepreload links', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, '.vite/route-preloads.json'), JSON.stringify(PRELOADS));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('announces the page’s own modules in French by default, never cached without revalidation', async () => {
    const res = await get('/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(links(res.body)).toEqual(['/assets/pricing-P1.js', '/assets/pricing-fr.js']);
    // The rest of index.html is untouched, links inside the head.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-E1.js">');
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    // Security headers as on every answer.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('uses the English namespace at the English address, whatever the browser prefers', async () => {
    const res = await get('/en/pricing');
    expect(links(res.body)).toEqual(['/assets/pricing-P1.js', '/assets/pricing-en.js']);
    expect(links((await get('/en/')).body)).toEqual(['/assets/home-H1.js', '/assets/home-en.js']);
    const french = await get('/pricing', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(links(french.body)).toEqual(['/assets/pricing-P1.js', '/assets/pricing-fr.js']);
  });

  it('matches optional parameters and trailing slashes; unlisted paths get the plain index', async () => {
    expect(links((await get('/store/order/success/CMD-2026-X1')).body)).toEqual([
      '/assets/success-S1.js',
    ]);
    expect(links((await get('/store/order/success')).body)).toEqual(['/assets/success-S1.js']);
    expect(links((await get('/pricing/')).body)).toHaveLength(2);
    const unknown = await get('/somewhere/else');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(INDEX);
  });

  it('sends brotli to browsers that accept it and answers 304 to a matching ETag', async () => {
    const first = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(links(brotliDecompressSync(first.rawPayload).toString('utf8'))).toEqual([
      '/assets/home-H1.js',
      '/assets/home-fr.js',
    ]);
    const etag = String(first.headers.etag);
    const again = await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another representation: its own ETag.
    const english = await get('/en/', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(english.statusCode).toBe(200);
  });

  it('keeps answering API 404s and missing files as before', async () => {
    expect((await get('/api/v1/nothing')).statusCode).toBe(404);
    expect((await get('/assets/missing-Z9.js')).statusCode).toBe(404);
  });
});

describe('a build without the page list', () => {
  it('serves index.html for every page, as before the list existed', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    const t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/pricing' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await t.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('a build that changes under the running server', () => {
  let t: TestApp;
  let dist: string;
  let logged: LogLine[] = [];
  const rewrite = async (name: string, content: string, secondsAhead: number) => {
    const file = path.join(dist, name);
    await writeFile(file, content);
    // File times can be coarse: date the new file clearly after the old one.
    const when = new Date(Date.now() + secondsAhead * 1000);
    await utimes(file, when, when);
  };

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, '.vite/route-preloads.json'), JSON.stringify(PRELOADS));
    const capture = captureLogs();
    logged = capture.lines;
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist }, logger: capture.logger });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the new build’s links after a rebuild, without a restart', async () => {
    expect(links((await t.app.inject({ method: 'GET', url: '/pricing' })).body)).toContain(
      '/assets/pricing-P1.js',
    );
    const next = {
      routes: [
        {
          path: '/pricing',
          modules: { fr: ['/assets/pricing-P2.js'], en: ['/assets/pricing-P2.js'] },
        },
      ],
    };
    await rewrite('.vite/route-preloads.json', JSON.stringify(next), 5);
    await rewrite('index.html', INDEX.replace('index-E1.js', 'index-E2.js'), 5);
    const after = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(links(after.body)).toEqual(['/assets/pricing-P2.js']);
    expect(after.body).toContain('/assets/index-E2.js');
  });

  it('falls back to the plain index.html, and says so in the log, when the list is unreadable', async () => {
    await rewrite('.vite/route-preloads.json', '{"routes": [{"path": 42}]}', 10);
    const res = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(links(res.body)).toEqual([]);
    expect(res.body).toContain('<div id="root"></div>');
    expect(logged.some((line) => String(line.msg).includes('page preload list unreadable'))).toBe(
      true,
    );
  });
});
