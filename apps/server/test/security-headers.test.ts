import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_STYLE_HASH } from '../src/plugins/swagger';
import { buildTestApp, type TestApp } from './helper';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './support/seller-env';

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("img-src 'self' data:");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("form-action 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(String(headers['permissions-policy'])).toContain('camera=()');
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
};

describe('security headers', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Cadran</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://www.cadran.fr' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('are on API answers, and sockets may only reach the own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expectSecurityHeaders(res.headers);
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' wss://www.cadran.fr",
    );
    // HSTS is a production header: never sent by a development or test server.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("let another origin embed the e-mails' logo, and nothing else", async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/icon-192.png?v=2' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expectSecurityHeaders(logo.headers);
    for (const url of ['/api/health', '/', '/icon-512.png', '/icon-192.png.map']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('are on the SPA page, the client area, errors and unknown paths', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/' },
      { method: 'GET' as const, url: '/pricing' },
      { method: 'GET' as const, url: '/client' },
      { method: 'GET' as const, url: '/api/does-not-exist' },
      {
        method: 'POST' as const,
        url: '/api/v1/website/logs',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      },
    ]) {
      const res = await t.app.inject(request);
      expectSecurityHeaders(res.headers);
    }
  });

  it('are on the API documentation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('allow the reference page its one inline style by hash, and no other page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'self' 'unsafe-hashes' ${API_DOCS_STYLE_HASH}`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
    const site = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(site.headers['content-security-policy'])).toContain("style-src 'self';");
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(String(document.headers['content-security-policy'])).toContain("style-src 'self';");
  });
});

describe('security headers in production', () => {
  it('add HSTS', async () => {
    const t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        ...SELLER_ENV,
        ...LICENSE_SIGNING_ENV,
        SESSION_SECRET: 'p'.repeat(48),
        LOG_LEVEL: 'silent',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expectSecurityHeaders(res.headers);
    } finally {
      await t.close();
    }
  });
});
