import { ROADMAP_UPDATE_EVENT } from '@cadran/domain/realtime';
import { RoadmapResponseSchema } from '@cadran/domain/roadmap';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STALE_SERVE_LIMIT_MS } from '../src/db/read-cache';
import { roadmapItems } from '../src/db/schema/roadmap';
import { ROADMAP_CACHE_TTL_MS, publicRoadmapRows } from '../src/modules/roadmap/public-cache';
import { buildTestApp, type TestApp } from './helper';
import { bearerHeaders, signedInAdmin } from './realtime-helpers';

const LIST = '/api/v1/website/roadmap';

/**
 * The public list is served from memory: stale at most ROADMAP_CACHE_TTL_MS for edits made
 * straight in the database, never stale after a change announced by any server process.
 */
describe('public roadmap cache', () => {
  let t: TestApp;
  const titles = async () =>
    RoadmapResponseSchema.parse((await t.app.inject({ url: LIST })).json()).data.map(
      (item) => item.title,
    );

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers from memory until an event says the roadmap changed', async () => {
    expect(await titles()).not.toContain('Mode hors ligne');
    await t.db.insert(roadmapItems).values({ title: 'Mode hors ligne', isPublic: true });
    // Written behind the server's back: not seen yet.
    expect(await titles()).not.toContain('Mode hors ligne');

    // What the realtime bus does when another process announces a change.
    await t.app.realtime.publish({ name: ROADMAP_UPDATE_EVENT, data: { change: 'created' } });
    expect(await titles()).toContain('Mode hors ligne');
  });

  it('shows an administrator’s change at once', async () => {
    const admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
    await titles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/roadmap',
      headers: admin,
      payload: { title: 'Signature électronique', is_public: true },
    });
    expect(res.statusCode).toBe(201);
    expect(await titles()).toContain('Signature électronique');
  });

  it('expires on its own after the time limit', async () => {
    // Far enough ahead that whatever earlier tests cached is too old to serve: a fresh read.
    const now = Date.now() + 2 * STALE_SERVE_LIMIT_MS;
    const before = await publicRoadmapRows(t.db, now);
    await t.db.insert(roadmapItems).values({ title: 'Historique des versions', isPublic: true });
    expect(await publicRoadmapRows(t.db, now + 1)).toBe(before);
    // Expired: the last list is served while it is read again, then the new one.
    expect(await publicRoadmapRows(t.db, now + ROADMAP_CACHE_TTL_MS + 1)).toBe(before);
    await vi.waitFor(async () => {
      const later = await publicRoadmapRows(t.db, now + ROADMAP_CACHE_TTL_MS + 2);
      expect(later.map((row) => row.title)).toContain('Historique des versions');
    });
  });
});

/**
 * An anonymous reader's list is the same for everybody: it is sent as prepared once per read of
 * the list (serialised, hashed, compressed), with an ETag the browser revalidates.
 */
describe('the anonymous roadmap answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('is the schema’s answer, with an ETag, for the reader’s browser only', async () => {
    const res = await t.app.inject({ url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const body: unknown = res.json();
    // Nothing the schema would strip or reorder into another value: the same answer as before.
    const parsed = RoadmapResponseSchema.parse(body);
    expect(parsed).toEqual(body);
    expect(parsed.data.length).toBeGreaterThan(0);
    expect(parsed.data.every((item) => !item.voted)).toBe(true);
  });

  it('answers 304 while the list is unchanged, and a new body once it changes', async () => {
    const first = await t.app.inject({ url: LIST });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: LIST, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.db.insert(roadmapItems).values({ title: 'Export PDF des pages', isPublic: true });
    await t.app.realtime.publish({ name: ROADMAP_UPDATE_EVENT, data: { change: 'created' } });
    const changed = await t.app.inject({ url: LIST, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Export PDF des pages');
  });

  it('sends the same list compressed to a browser that accepts brotli', async () => {
    const plain = await t.app.inject({ url: LIST });
    const br = await t.app.inject({ url: LIST, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
