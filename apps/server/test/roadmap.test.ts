import { RoadmapResponseSchema, RoadmapVoteResponseSchema } from '@cadran/domain/roadmap';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadmapItems, roadmapVotes } from '../src/db/schema/roadmap';
import { invalidatePublicRoadmap } from '../src/modules/roadmap/public-cache';
import { bearer, nextIp, sameOrigin, sessionCookie } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';
import { signedInClient } from './realtime-helpers';

const LIST = '/api/v1/website/roadmap';
const vote = (id: number | string) => `${LIST}/${id}/vote`;

describe('public roadmap (GET /roadmap)', () => {
  let t: TestApp;
  let hiddenId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const [hidden] = await t.db
      .select({ id: roadmapItems.id })
      .from(roadmapItems)
      .where(eq(roadmapItems.isPublic, false));
    hiddenId = hidden!.id;
  });
  afterAll(async () => t.close());

  it('lists public items only, by sort order, with both languages and vote counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = RoadmapResponseSchema.parse(res.json());
    const all = await t.db.select().from(roadmapItems);
    expect(body.data).toHaveLength(all.filter((row) => row.isPublic).length);
    expect(body.data.every((item) => item.is_public)).toBe(true);
    expect(body.data.map((item) => item.id)).not.toContain(hiddenId);
    const orders = body.data.map((item) => [item.sort_order, item.id]);
    expect(orders).toEqual([...orders].sort(([a = 0, x = 0], [b = 0, y = 0]) => a - b || x - y));
    const first = body.data.find((item) => item.title === 'Import depuis WordPress');
    expect(first).toMatchObject({
      title_en: 'WordPress import',
      category: 'integrations',
      status: 'planned',
      vote_count: 0,
      voted: false,
    });
    // The internal item's text appears nowhere in the answer.
    expect(res.body).not.toContain('Refonte interne');
  });

  it('says which items the signed-in client voted for', async () => {
    const client = await signedInClient(t.app);
    const [item] = RoadmapResponseSchema.parse((await t.app.inject({ url: LIST })).json()).data;
    await t.app.inject({ method: 'POST', url: vote(item!.id), headers: bearer(client.token) });

    const mine = RoadmapResponseSchema.parse(
      (await t.app.inject({ url: LIST, headers: bearer(client.token) })).json(),
    ).data;
    expect(mine.find((i) => i.id === item!.id)).toMatchObject({ voted: true, vote_count: 1 });
    expect(mine.filter((i) => i.voted)).toHaveLength(1);

    const anonymous = RoadmapResponseSchema.parse((await t.app.inject({ url: LIST })).json()).data;
    expect(anonymous.find((i) => i.id === item!.id)).toMatchObject({ voted: false, vote_count: 1 });
  });
});

describe('roadmap votes', () => {
  let t: TestApp;
  let publicId: number;
  let inProgressId: number;
  let doneId: number;
  let hiddenId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const rows = await t.db.select().from(roadmapItems);
    const publicWith = (status: string) =>
      rows.find((row) => row.isPublic && row.status === status)!.id;
    publicId = publicWith('planned');
    inProgressId = publicWith('in_progress');
    doneId = publicWith('done');
    hiddenId = rows.find((row) => !row.isPublic)!.id;
  });
  afterAll(async () => t.close());

  const votesOf = async (userId: string) =>
    t.db
      .select()
      .from(roadmapVotes)
      .where(and(eq(roadmapVotes.itemId, publicId), eq(roadmapVotes.userId, userId)));

  it('refuses anonymous visitors with 401 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: vote(publicId),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: 'Vous devez être connecté' });
    expect(await t.db.select().from(roadmapVotes)).toEqual([]);
  });

  it('toggles: one vote per client and item, a second call withdraws it', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);

    const first = await t.app.inject({
      method: 'POST',
      url: vote(publicId),
      headers: bearer(a.token),
    });
    expect(first.statusCode).toBe(200);
    expect(RoadmapVoteResponseSchema.parse(first.json()).data).toEqual({
      id: publicId,
      vote_count: 1,
      voted: true,
    });
    expect(await votesOf(a.userId)).toHaveLength(1);

    const other = await t.app.inject({
      method: 'POST',
      url: vote(publicId),
      headers: bearer(b.token),
    });
    expect(other.json()).toMatchObject({ data: { vote_count: 2, voted: true } });

    const again = await t.app.inject({
      method: 'POST',
      url: vote(publicId),
      headers: bearer(a.token),
    });
    expect(again.json()).toMatchObject({ success: true, data: { vote_count: 1, voted: false } });
    expect(await votesOf(a.userId)).toHaveLength(0);
    expect(await votesOf(b.userId)).toHaveLength(1);
  });

  it('never double-counts concurrent votes of one client', async () => {
    const c = await signedInClient(t.app);
    await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.app.inject({ method: 'POST', url: vote(publicId), headers: bearer(c.token) }),
      ),
    );
    expect((await votesOf(c.userId)).length).toBeLessThanOrEqual(1);
  });

  it('answers 404 for hidden and unknown items, without storing a vote', async () => {
    const c = await signedInClient(t.app);
    for (const id of [hiddenId, 999_999]) {
      const res = await t.app.inject({ method: 'POST', url: vote(id), headers: bearer(c.token) });
      expect(res.statusCode, `item ${id}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    const stored = await t.db.select().from(roadmapVotes).where(eq(roadmapVotes.userId, c.userId));
    expect(stored).toEqual([]);
  });

  describe('on a done item', () => {
    const votesOn = (itemId: number) =>
      t.db.select().from(roadmapVotes).where(eq(roadmapVotes.itemId, itemId));
    const listedCount = async (itemId: number) =>
      RoadmapResponseSchema.parse((await t.app.inject({ url: LIST })).json()).data.find(
        (item) => item.id === itemId,
      )?.vote_count;

    it('refuses a vote with 409 in the visitor’s language and stores nothing', async () => {
      const c = await signedInClient(t.app);
      const before = await votesOn(doneId);

      const french = await t.app.inject({
        method: 'POST',
        url: vote(doneId),
        headers: bearer(c.token),
      });
      expect(french.statusCode).toBe(409);
      expect(french.json()).toEqual({
        success: false,
        message: 'Les votes sont clos pour cette évolution\u00a0: elle est déjà livrée.',
      });

      const english = await t.app.inject({
        method: 'POST',
        url: vote(doneId),
        headers: { ...bearer(c.token), 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(english.statusCode).toBe(409);
      expect(english.json()).toEqual({
        success: false,
        message: 'Voting is closed for this item: it has already shipped.',
      });

      expect(await votesOn(doneId)).toEqual(before);
      expect(await listedCount(doneId)).toBe(before.length);
      const mine = await t.db.select().from(roadmapVotes).where(eq(roadmapVotes.userId, c.userId));
      expect(mine).toEqual([]);
    });

    it('keeps the votes it gathered while open: they show, and cannot be withdrawn', async () => {
      const early = await signedInClient(t.app);
      // A vote cast while the item was still open, before it shipped.
      await t.db.insert(roadmapVotes).values({ itemId: doneId, userId: early.userId });
      // Written behind the service's back: the list kept in memory must not hide it.
      invalidatePublicRoadmap();
      const count = await listedCount(doneId);
      expect(count).toBeGreaterThanOrEqual(1);

      const res = await t.app.inject({
        method: 'POST',
        url: vote(doneId),
        headers: bearer(early.token),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false });
      const kept = await t.db
        .select()
        .from(roadmapVotes)
        .where(and(eq(roadmapVotes.itemId, doneId), eq(roadmapVotes.userId, early.userId)));
      expect(kept).toHaveLength(1);
      expect(await listedCount(doneId)).toBe(count);
      const mine = RoadmapResponseSchema.parse(
        (await t.app.inject({ url: LIST, headers: bearer(early.token) })).json(),
      ).data.find((item) => item.id === doneId);
      expect(mine).toMatchObject({ voted: true, vote_count: count });
    });

    it('still lets clients vote on planned and in-progress items', async () => {
      const c = await signedInClient(t.app);
      for (const id of [publicId, inProgressId]) {
        const res = await t.app.inject({ method: 'POST', url: vote(id), headers: bearer(c.token) });
        expect(res.statusCode, `item ${id}`).toBe(200);
        expect(RoadmapVoteResponseSchema.parse(res.json()).data).toMatchObject({ id, voted: true });
      }
      const stored = await t.db
        .select({ itemId: roadmapVotes.itemId })
        .from(roadmapVotes)
        .where(eq(roadmapVotes.userId, c.userId));
      expect(stored.map((row) => row.itemId).sort((a, b) => a - b)).toEqual(
        [publicId, inProgressId].sort((a, b) => a - b),
      );
    });

    it('reopens votes when staff move the item back to in progress', async () => {
      const c = await signedInClient(t.app);
      await t.db
        .update(roadmapItems)
        .set({ status: 'in_progress' })
        .where(eq(roadmapItems.id, doneId));
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: vote(doneId),
          headers: bearer(c.token),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ data: { voted: true } });
      } finally {
        await t.db.update(roadmapItems).set({ status: 'done' }).where(eq(roadmapItems.id, doneId));
      }
    });
  });

  it('answers 400 for ids that are not positive integers', async () => {
    const c = await signedInClient(t.app);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await t.app.inject({ method: 'POST', url: vote(id), headers: bearer(c.token) });
      expect(res.statusCode, id).toBe(400);
      const body = res.json<{ success: boolean; errors: Record<string, string[]> }>();
      expect(body.success).toBe(false);
      expect(body.errors.id?.length).toBeGreaterThan(0);
    }
  });

  it('requires a same-origin JSON request when the session comes from a cookie (CSRF)', async () => {
    const c = await signedInClient(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url: vote(publicId),
      headers: { ...sessionCookie(c.token), origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await votesOf(c.userId)).toHaveLength(0);

    const genuine = await t.app.inject({
      method: 'POST',
      url: vote(publicId),
      headers: { ...sessionCookie(c.token), ...sameOrigin(t.app) },
      payload: {},
    });
    expect(genuine.statusCode).toBe(200);
    expect(await votesOf(c.userId)).toHaveLength(1);
  });

  it('limits how fast one client can vote', async () => {
    const c = await signedInClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: vote(publicId),
        headers: bearer(c.token),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
