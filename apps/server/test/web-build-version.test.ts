import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchBuildVersion } from '../src/web/build-version';
import { loadPageHtml } from '../src/web/page-html';

/**
 * Production never rebuilds in place: the server takes the build's stamp at start and again on
 * a reload (SIGHUP), so a cached page costs no look at the disk; development notices a build
 * made beside the running server per request (src/web/build-version.ts).
 */

const INDEX =
  '<!doctype html><html lang="fr"><head><script type="module" crossorigin src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';
const listWith = (module: string) =>
  JSON.stringify({ routes: [{ path: '/pricing', modules: { fr: [module], en: [module] } }] });

let dist: string;

/** Writes a file of the build dated `secondsAhead` from now (file times can be coarse). */
const write = async (name: string, content: string, secondsAhead = 0) => {
  const file = path.join(dist, name);
  await writeFile(file, content);
  const when = new Date(Date.now() + secondsAhead * 1000);
  await utimes(file, when, when);
};

const preloadOf = (html: string | undefined) =>
  html?.match(/<link rel="modulepreload" crossorigin href="([^"]+)">/)?.[1];

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cadran-build-'));
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await write('index.html', INDEX);
  await write('.vite/route-preloads.json', listWith('/assets/pricing-P1.js'));
});
afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('the build a production server answers with', () => {
  it('stays the one read at start until a reload, then is the new one', async () => {
    const version = watchBuildVersion(dist, 'on-reload');
    const pages = loadPageHtml(dist, version);
    expect(preloadOf(pages.find('/pricing', 'fr')?.body)).toBe('/assets/pricing-P1.js');

    await write('.vite/route-preloads.json', listWith('/assets/pricing-P2.js'), 5);
    const before = version.current();
    expect(preloadOf(pages.find('/pricing', 'fr')?.body)).toBe('/assets/pricing-P1.js');
    expect(version.current()).toBe(before);

    version.reload();
    expect(version.current()).not.toBe(before);
    expect(preloadOf(pages.find('/pricing', 'fr')?.body)).toBe('/assets/pricing-P2.js');
  });

  it('does not look at the disk between reloads: a build removed meanwhile changes nothing', async () => {
    const version = watchBuildVersion(dist, 'on-reload');
    const stamp = version.current();
    await rm(path.join(dist, 'index.html'));
    expect(version.current()).toBe(stamp);
    version.reload();
    expect(version.current()).not.toBe(stamp);
  });
});

describe('the build a development server answers with', () => {
  it('is the one on disk at each request', async () => {
    const version = watchBuildVersion(dist, 'each-request');
    const pages = loadPageHtml(dist, version);
    expect(preloadOf(pages.find('/pricing', 'fr')?.body)).toBe('/assets/pricing-P1.js');
    await write('.vite/route-preloads.json', listWith('/assets/pricing-P2.js'), 5);
    expect(preloadOf(pages.find('/pricing', 'fr')?.body)).toBe('/assets/pricing-P2.js');
  });
});
