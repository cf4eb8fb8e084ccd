import {
  AdminRoadmapItemResponseSchema,
  AdminRoadmapListResponseSchema,
  RoadmapResponseSchema,
} from '@cadran/domain/roadmap';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadmapItems, roadmapVotes } from '../src/db/schema/roadmap';
import { users } from '../src/db/schema/users';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { bearer, login, me, register, sameOrigin, sessionCookie } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';
import {
  bearerHeaders,
  isRoadmapUpdate,
  listen,
  signedInAdmin,
  signedInClient,
  subscribedSocket,
  type TestSocket,
} from './realtime-helpers';

const ADMIN = '/api/v1/admin/roadmap';

describe('admin roadmap API', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let watcher: TestSocket;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
    const { ws } = await listen(t.app);
    watcher = await subscribedSocket(t.app, ws, t.app.realtime.publicChannel);
  });
  afterAll(async () => {
    watcher.close();
    await t.close();
  });

  /** The next roadmap:update the watcher hears after `action`. */
  const announced = async (action: () => Promise<unknown>) => {
    const from = watcher.received.length;
    await action();
    return watcher.next(isRoadmapUpdate, 3000, from);
  };

  it('answers 401 to anonymous callers and 403 to clients, on every route', async () => {
    const client = bearerHeaders((await signedInClient(t.app)).token);
    const routes = [
      { method: 'GET' as const, url: ADMIN },
      { method: 'POST' as const, url: ADMIN, payload: { title: 'Piratage' } },
      { method: 'PATCH' as const, url: `${ADMIN}/1`, payload: { status: 'done' } },
      { method: 'DELETE' as const, url: `${ADMIN}/1` },
    ];
    for (const route of routes) {
      const anonymous = await t.app.inject(route);
      expect(anonymous.statusCode, `${route.method} anonymous`).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false });
      const asClient = await t.app.inject({ ...route, headers: client });
      expect(asClient.statusCode, `${route.method} client`).toBe(403);
      expect(asClient.json()).toMatchObject({ success: false, message: 'Action non autorisée' });
    }
    expect(
      await t.db.select().from(roadmapItems).where(eq(roadmapItems.title, 'Piratage')),
    ).toEqual([]);
    expect(
      (await t.db.select().from(roadmapItems).where(eq(roadmapItems.id, 1)))[0]?.status,
    ).not.toBe('done');
  });

  it('lists every item, hidden ones included, with vote counts', async () => {
    const res = await t.app.inject({ url: ADMIN, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = AdminRoadmapListResponseSchema.parse(res.json());
    const rows = await t.db.select().from(roadmapItems);
    expect(data).toHaveLength(rows.length);
    expect(data.some((item) => !item.is_public)).toBe(true);
  });

  it('creates an item (hidden and planned by default) and announces it', async () => {
    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const event = await announced(async () => {
      res = await t.app.inject({
        method: 'POST',
        url: ADMIN,
        headers: admin,
        payload: { title: '  Export PDF des pages ', title_en: 'PDF export', category: 'editor' },
      });
    });
    expect(res!.statusCode).toBe(201);
    const item = AdminRoadmapItemResponseSchema.parse(res!.json()).data;
    expect(item).toMatchObject({
      title: 'Export PDF des pages',
      title_en: 'PDF export',
      description: null,
      description_en: null,
      category: 'editor',
      status: 'planned',
      is_public: false,
      vote_count: 0,
    });
    const [row] = await t.db.select().from(roadmapItems).where(eq(roadmapItems.id, item.id));
    expect(row).toMatchObject({ title: 'Export PDF des pages', isPublic: false });
    // A hidden item's id is not told to the public.
    expect(event.data).toEqual({ change: 'created' });
  });

  it('updates status, public flag, sort order, texts and category, and announces each change', async () => {
    const [row] = await t.db
      .insert(roadmapItems)
      .values({ title: 'Sauvegardes', isPublic: true, status: 'planned', sortOrder: 5 })
      .returning();
    const patch = async (payload: Record<string, unknown>) => {
      let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const event = await announced(async () => {
        res = await t.app.inject({
          method: 'PATCH',
          url: `${ADMIN}/${row!.id}`,
          headers: admin,
          payload,
        });
      });
      expect(res!.statusCode, JSON.stringify(payload)).toBe(200);
      return { item: AdminRoadmapItemResponseSchema.parse(res!.json()).data, event };
    };

    const moved = await patch({ status: 'in_progress' });
    expect(moved.item.status).toBe('in_progress');
    expect(moved.event.data).toEqual({ change: 'updated', id: row!.id });

    const newTexts = {
      title: 'Sauvegardes automatiques',
      description: 'Chaque nuit',
      title_en: 'Automatic backups',
      description_en: 'Every night',
      category: 'security',
      sort_order: -2,
    };
    const texts = await patch(newTexts);
    expect(texts.item).toMatchObject({ ...newTexts, status: 'in_progress' });

    // Hiding it still tells open pages (it was public), by id.
    const hidden = await patch({ is_public: false });
    expect(hidden.event.data).toEqual({ change: 'updated', id: row!.id });
    const publicList = RoadmapResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/website/roadmap' })).json(),
    );
    expect(publicList.data.map((item) => item.id)).not.toContain(row!.id);

    const cleared = await patch({ description: '', category: null });
    expect(cleared.item).toMatchObject({ description: null, category: null });
  });

  it('validates input: 400 with field errors, 404 for unknown items', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: ADMIN,
      headers: admin,
      payload: { title: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      errors: { title: ['Le titre est requis'] },
    });

    const badStatus = await t.app.inject({
      method: 'PATCH',
      url: `${ADMIN}/1`,
      headers: admin,
      payload: { status: 'someday', sort_order: 1.5 },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json<{ errors: object }>().errors).sort()).toEqual([
      'sort_order',
      'status',
    ]);

    const nothing = await t.app.inject({
      method: 'PATCH',
      url: `${ADMIN}/1`,
      headers: admin,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ errors: { _: ['Aucune modification fournie'] } });

    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `${ADMIN}/987654`,
        headers: admin,
        ...(method === 'PATCH' ? { payload: { status: 'done' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('deletes an item with its votes and announces it', async () => {
    const voter = await signedInClient(t.app);
    const [row] = await t.db
      .insert(roadmapItems)
      .values({ title: 'Thèmes sombres', isPublic: true })
      .returning();
    await t.db.insert(roadmapVotes).values({ itemId: row!.id, userId: voter.userId });

    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const event = await announced(async () => {
      res = await t.app.inject({ method: 'DELETE', url: `${ADMIN}/${row!.id}`, headers: admin });
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toEqual({ success: true });
    expect(event.data).toEqual({ change: 'deleted', id: row!.id });
    expect(await t.db.select().from(roadmapItems).where(eq(roadmapItems.id, row!.id))).toEqual([]);
    expect(await t.db.select().from(roadmapVotes).where(eq(roadmapVotes.itemId, row!.id))).toEqual(
      [],
    );
  });

  it('works with the admin session cookie from a same-origin page, and refuses forged requests', async () => {
    const { token } = await signedInAdmin(t.app, t.db);
    const forged = await t.app.inject({
      method: 'POST',
      url: ADMIN,
      headers: {
        ...sessionCookie(token),
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: { title: 'Forgé' },
    });
    expect(forged.statusCode).toBe(403);
    const genuine = await t.app.inject({
      method: 'POST',
      url: ADMIN,
      headers: { ...sessionCookie(token), ...sameOrigin(t.app) },
      payload: { title: 'Légitime' },
    });
    expect(genuine.statusCode).toBe(201);
    expect(await t.db.select().from(roadmapItems).where(eq(roadmapItems.title, 'Forgé'))).toEqual(
      [],
    );
  });
});

describe('createOrPromoteAdmin (the CLI’s work)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('promotes an existing client, sets the password and ends its sessions', async () => {
    const { res, payload, body } = await register(t.app);
    expect(res.statusCode).toBe(201);
    const result = await createOrPromoteAdmin(t.db, {
      email: payload.email.toUpperCase(),
      password: 'Promu-Administrateur-1',
    });
    expect(result).toMatchObject({ action: 'promoted', userId: body.user.id, sessionsEnded: 1 });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ role: 'admin', firstName: 'Camille' });
    // The session opened before the promotion no longer works; the new password does.
    expect((await me(t.app, bearer(body.token))).statusCode).toBe(401);
    const signedIn = await login(t.app, {
      email: payload.email,
      password: 'Promu-Administrateur-1',
    });
    expect(signedIn.statusCode).toBe(200);
    const list = await t.app.inject({
      url: ADMIN,
      headers: bearer(signedIn.json<{ token: string }>().token),
    });
    expect(list.statusCode).toBe(200);
  });
});
