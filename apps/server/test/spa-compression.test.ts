import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/**
 * The build writes `.br` and `.gz` twins (apps/web/vite.config.ts) so text is served compressed.
 */

const INDEX = `<!doctype html><html lang="fr"><title>Cadran</title><div id="root"></div>${'<!-- -->'.repeat(100)}</html>`;
const ASSET = `console.info(${JSON.stringify('cadran '.repeat(200))});`;
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?><urlset>${'<url><loc>https://cadran.fr/</loc></url>'.repeat(20)}</urlset>`;

describe('pre-compressed build files', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'cadran-dist-'));
    await mkdir(path.join(dist, 'assets'));
    const write = async (name: string, content: string, twins = true) => {
      await writeFile(path.join(dist, name), content);
      if (!twins) return;
      await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(content));
      await writeFile(path.join(dist, `${name}.gz`), gzipSync(content));
    };
    await write('index.html', INDEX);
    await write('assets/index-Bx7f3k2a.js', ASSET);
    await write('feed.xml', SITEMAP);
    await write('assets/small-Aa1.js', 'void 0;', false);
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli twin of an asset, typed and cached as the asset itself', async () => {
    const res = await get('/assets/index-Bx7f3k2a.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(ASSET);
  });

  it('sends gzip to a browser without brotli, and plain bytes to one that asks for neither', async () => {
    const gz = await get('/feed.xml', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/xml/);
    expect(gz.headers['cache-control']).toBe('public, max-age=300');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SITEMAP);

    const plain = await get('/feed.xml');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SITEMAP);
  });

  it('compresses the SPA fallback and keeps index.html uncached', async () => {
    const res = await get('/pricing', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(INDEX);
  });

  it('falls back to the plain file when no twin exists', async () => {
    const res = await get('/assets/small-Aa1.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('void 0;');
  });

  it('still answers an unknown file with the JSON 404', async () => {
    const res = await get('/assets/missing-Zz9.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});
