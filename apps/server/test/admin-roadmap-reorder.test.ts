import { AdminRoadmapListResponseSchema } from '@cadran/domain/roadmap';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadmapItems } from '../src/db/schema/roadmap';
import { buildTestApp, type TestApp } from './helper';
import { isRoadmapUpdate, listen, subscribedSocket, type TestSocket } from './realtime-helpers';
import { ADMIN_API, auditOf, expectStaffGuard, signedInStaff } from './staff-guard-helpers';

/** Reordering a roadmap column (docs/product.md 'Roadmap' ('Managing the roadmap')). */

describe('roadmap column order', () => {
  let t: TestApp;
  let watcher: TestSocket;
  beforeAll(async () => {
    t = await buildTestApp();
    const { ws } = await listen(t.app);
    watcher = await subscribedSocket(t.app, ws, t.app.realtime.publicChannel);
  });
  afterAll(async () => {
    watcher.close();
    await t.close();
  });

  const column = (status: 'planned' | 'in_progress' | 'done') =>
    t.db
      .select({ id: roadmapItems.id, sortOrder: roadmapItems.sortOrder })
      .from(roadmapItems)
      .where(eq(roadmapItems.status, status))
      .orderBy(asc(roadmapItems.sortOrder), asc(roadmapItems.id));

  const reorder = async (ids: unknown, lang = 'fr') => {
    const admin = await signedInStaff(t.app, t.db);
    return t.app.inject({
      method: 'POST',
      url: `${ADMIN_API}/roadmap/reorder`,
      headers: { ...admin.headers, 'accept-language': lang },
      payload: { ids },
    });
  };

  it('rewrites the sort order, persists it, and tells open roadmap pages', async () => {
    const planned = (await column('planned')).map((row) => row.id);
    expect(planned.length).toBeGreaterThan(1);
    const reversed = [...planned].reverse();
    const from = watcher.received.length;
    const res = await reorder(reversed);
    expect(res.statusCode).toBe(200);
    const event = await watcher.next(isRoadmapUpdate, 3000, from);
    expect(event.data).toEqual({ change: 'reordered' });
    const items = AdminRoadmapListResponseSchema.parse(res.json()).data;
    expect(items.filter((item) => item.status === 'planned').map((item) => item.id)).toEqual(
      reversed,
    );
    expect(await column('planned')).toEqual(
      reversed.map((id, index) => ({ id, sortOrder: index })),
    );
    const publicList = (await t.app.inject({ url: '/api/v1/website/roadmap' })).json<{
      data: Array<{ id: number; status: string }>;
    }>().data;
    const publicPlanned = publicList
      .filter((item) => item.status === 'planned')
      .map((item) => item.id);
    expect(publicPlanned).toEqual(reversed.filter((id) => publicPlanned.includes(id)));
    const [entry] = await auditOf(t.db, 'planned');
    expect(entry).toMatchObject({ action: 'roadmap.reorder', before: planned, after: reversed });
  });

  it('refuses a partial column, mixed columns, duplicates and unknown ids, changing nothing', async () => {
    const planned = (await column('planned')).map((row) => row.id);
    const done = (await column('done')).map((row) => row.id);
    const before = await column('planned');
    const partial = await reorder(planned.slice(1));
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      errors: { ids: ['Donnez tous les éléments de la colonne, dans leur nouvel ordre'] },
    });
    const mixed = await reorder([...planned, ...done.slice(0, 1)], 'en');
    expect(mixed.json()).toMatchObject({
      errors: { ids: ['The items must all be of the same column'] },
    });
    const twice = await reorder([planned[0], planned[0]], 'en');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ errors: { ids: ['An item appears twice'] } });
    expect((await reorder([])).statusCode).toBe(400);
    expect((await reorder([...planned, 999_999])).statusCode).toBe(404);
    expect(await column('planned')).toEqual(before);
  });

  it('is for administrators only, and refuses other sites', async () => {
    const planned = (await column('planned')).map((row) => row.id);
    await expectStaffGuard(t.app, t.db, {
      method: 'POST',
      url: `${ADMIN_API}/roadmap/reorder`,
      payload: { ids: [...planned].reverse() },
      support: false,
    });
  });
});
