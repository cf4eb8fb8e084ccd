import { ROADMAP_UPDATE_EVENT } from '@cadran/domain/realtime';
import { RoadmapResponseSchema } from '@cadran/domain/roadmap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const now = Date.now();
    const before = await publicRoadmapRows(t.db, now);
    await t.db.insert(roadmapItems).values({ title: 'Historique des versions', isPublic: true });
    expect(await publicRoadmapRows(t.db, now + 1)).toBe(before);
    const later = await publicRoadmapRows(t.db, now + ROADMAP_CACHE_TTL_MS + 1);
    expect(later.map((row) => row.title)).toContain('Historique des versions');
  });
});
