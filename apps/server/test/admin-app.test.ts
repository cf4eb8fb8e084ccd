import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

const INDEX = '<!doctype html><html lang="fr"><title>Cadran</title><div id="root"></div></html>';
const ADMIN =
  '<!doctype html><html lang="fr"><meta name="robots" content="noindex"><title>Back office</title><div id="admin-root"></div><script type="module" src="/assets/admin-Q1w2e3r4.js"></script></html>';

describe('serving the back-office application at /admin', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-admin-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'admin.html'), ADMIN);
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers /admin and every address under it with its own page, never cached nor indexed', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/42?status=paid']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.body).toBe(ADMIN);
    }
  });

  it('carries the strict CSP: no inline script or style', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/roadmap' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('never gives the public site the back office, nor the back office the public page', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe(INDEX);
    const lookalike = await t.app.inject({ method: 'GET', url: '/administration' });
    expect(lookalike.body).not.toBe(ADMIN);
  });

  it('sends the build file itself to /admin instead of serving it with a cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin.html' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin');
  });

  it('keeps API answers under /api/v1/admin as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('/admin before the web build exists', () => {
  it('answers 503 with a plain message, not a 500', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'cadran-admin-empty-'));
    const t = await buildTestApp({ env: { WEB_DIST_DIR: empty } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/admin/orders' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    } finally {
      await t.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
