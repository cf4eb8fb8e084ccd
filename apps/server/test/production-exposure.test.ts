import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './support/seller-env';

/**
 * What the public site hands out in production: no API reference (it documents the admin
 * API) unless API_DOCS asks for it, and never the build's source maps.
 */

const SCRIPT = 'assets/index-Bx7f3k2a.js';
const MAP = `${SCRIPT}.map`;
const PRODUCTION = {
  NODE_ENV: 'production',
  ...SELLER_ENV,
  ...LICENSE_SIGNING_ENV,
  LOG_LEVEL: 'silent',
};

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cadran</title>');
  await writeFile(path.join(dist, SCRIPT), 'console.info("cadran");'.repeat(40));
  const sourceMap = JSON.stringify({ version: 3, sources: ['../src/main.tsx'], mappings: '' });
  await writeFile(path.join(dist, MAP), sourceMap);
  // Even a compressed twin of a map stays private.
  await writeFile(path.join(dist, `${MAP}.br`), sourceMap);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

const mapRequests = [
  { url: `/${MAP}` },
  { url: `/${MAP}?v=1` },
  { url: `/${MAP}`, headers: { 'accept-encoding': 'br' } },
  { url: `/${MAP.replace('assets/', 'assets/./')}` },
];
/** Spellings the file server decodes to the map; they fall through to the page instead. */
const disguisedMapRequests = [
  { url: `/${SCRIPT}%2emap` },
  { url: `/${SCRIPT}.ma%70` },
  { url: `/${MAP.toUpperCase()}` },
];

describe('production defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION, WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('has no API reference at /api/docs', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false });
    }
  });

  it('answers 404 for source maps, and never sends one however the path is written', async () => {
    for (const request of mapRequests) {
      const res = await t.app.inject({ method: 'GET', ...request });
      expect(res.statusCode, request.url).toBe(404);
      expect(res.body, request.url).not.toContain('sources');
    }
    for (const request of disguisedMapRequests) {
      const res = await t.app.inject({ method: 'GET', ...request });
      expect(res.body, request.url).not.toContain('sources');
    }
  });

  it('still serves the scripts themselves', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${SCRIPT}` });
    expect(res.statusCode).toBe(200);
  });
});

describe('production with API_DOCS=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION, WEB_DIST_DIR: dist, API_DOCS: 'true' } });
  });
  afterAll(() => t.close());

  it('publishes the reference, and still no source map', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json<{ openapi: string }>().openapi).toBe('3.0.3');
    const map = await t.app.inject({ method: 'GET', url: `/${MAP}` });
    expect(map.statusCode).toBe(404);
  });
});

describe('development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('serves the reference and the source maps for debugging', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: `/${MAP}` });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('sources');
  });
});
