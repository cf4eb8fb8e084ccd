import { AuditResponseSchema, type AuditEntry } from '@cadran/domain/audit';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAuditEntries } from '../src/db/schema/audit';
import { placeWith } from './payments-helpers';
import { shopSuite } from './orders-helpers';
import { bearerHeaders, signedInAdmin, signedInClient } from './realtime-helpers';
import { BANK_ENV } from './staff-helpers';

const ADMIN = '/api/v1/admin';

/*
 * The staff audit trail (docs/product.md 'Back office'): every change made through the staff
 * API leaves an entry naming who, when, what, and the target before and after; a refused change
 * leaves none; entries are listed newest first with filters, to staff only, and the database
 * itself refuses to change or delete one.
 */
describe('staff audit trail', () => {
  const t = shopSuite({ env: BANK_ENV });
  let admin: Record<string, string>;
  let adminEmail: string;

  beforeAll(async () => {
    const signedIn = await signedInAdmin(t.app, t.db);
    admin = bearerHeaders(signedIn.token);
    adminEmail = signedIn.email;
  });

  const audit = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN}/audit${query}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return AuditResponseSchema.parse(res.json());
  };
  const entriesFor = async (targetType: string, targetId: string | number) =>
    (await audit(`?target_type=${targetType}&target_id=${targetId}`)).data;

  it('records a roadmap item created, changed and deleted, with before and after', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/roadmap`,
      headers: admin,
      payload: { title: 'Export PDF', status: 'planned' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${ADMIN}/roadmap/${id}`,
      headers: admin,
      payload: { status: 'in_progress', is_public: true },
    });
    expect(patched.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/roadmap/${id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);

    const entries = await entriesFor('roadmap_item', id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'roadmap.delete',
      'roadmap.update',
      'roadmap.create',
    ]);
    const [deleted, updated, made] = entries as [AuditEntry, AuditEntry, AuditEntry];
    expect(made).toMatchObject({
      actor: { email: adminEmail },
      before: null,
      after: { id, title: 'Export PDF', status: 'planned', is_public: false },
    });
    expect(updated).toMatchObject({
      before: { status: 'planned', is_public: false },
      after: { status: 'in_progress', is_public: true },
    });
    expect(deleted).toMatchObject({ before: { status: 'in_progress' }, after: null });
    expect(Date.parse(deleted.at)).toBeGreaterThanOrEqual(Date.parse(made.at));
  });

  it('writes nothing for a change that did not happen', async () => {
    const before = await t.db.$count(staffAuditEntries);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `${ADMIN}/roadmap/999999`,
      headers: admin,
      payload: { status: 'done' },
    });
    expect(missing.statusCode).toBe(404);
    const code = { code: 'AUDIT-10', discount: { type: 'percentage', percent: 10 } };
    const first = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/promo-codes`,
      headers: admin,
      payload: code,
    });
    expect(first.statusCode).toBe(201);
    const taken = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/promo-codes`,
      headers: admin,
      payload: code,
    });
    expect(taken.statusCode).toBe(409);
    // Only the code actually created is in the trail.
    expect(await t.db.$count(staffAuditEntries)).toBe(before + 1);
    const id = first.json<{ data: { id: number } }>().data.id;
    const entries = await entriesFor('promo_code', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'promo_code.create', after: { code: 'AUDIT-10' } });
  });

  it('records a bank transfer marked paid, with the order before and after', async () => {
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/orders/${placed.order.id}/mark-paid`,
      headers: admin,
      payload: { note: 'Relevé du 24/11' },
    });
    expect(res.statusCode).toBe(200);
    const entries = await entriesFor('order', placed.order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'order.mark_paid',
      before: { payment_status: 'unpaid', license_count: 0 },
      after: { payment_status: 'paid', status: 'completed' },
    });
  });

  it('filters by area, exact action and period, and pages', async () => {
    const byArea = await audit('?action=roadmap');
    expect(byArea.data.length).toBeGreaterThanOrEqual(3);
    expect(byArea.data.every((entry) => entry.action.startsWith('roadmap.'))).toBe(true);
    const exact = await audit('?action=roadmap.update');
    expect(exact.data.every((entry) => entry.action === 'roadmap.update')).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await audit(`?from=${encodeURIComponent(future)}`)).total).toBe(0);
    const all = await audit();
    const page = await audit('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.data.map((entry) => entry.id)).toEqual(all.data.slice(1, 3).map((e) => e.id));
  });

  it('refuses bad filters with a 400 in the caller’s language', async () => {
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?action=roadmap%25',
      '?actor_id=not-a-uuid',
      '?from=2026-11-24T10:00:00Z&to=2026-11-23T10:00:00Z',
      '?from=yesterday',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${ADMIN}/audit${query}`,
        headers: { ...admin, 'accept-language': 'en' },
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ success: boolean }>().success).toBe(false);
    }
  });

  it('shows the trail to staff only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${ADMIN}/audit` });
    expect(anonymous.statusCode).toBe(401);
    const client = await signedInClient(t.app);
    const asClient = await t.app.inject({
      method: 'GET',
      url: `${ADMIN}/audit`,
      headers: bearerHeaders(client.token),
    });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.body).not.toContain('roadmap.');
  });

  it('cannot be rewritten or emptied, even with direct database access', async () => {
    const [entry] = await t.db.select().from(staffAuditEntries).limit(1);
    if (!entry) throw new Error('no entry to tamper with');
    const count = await t.db.$count(staffAuditEntries);
    await expect(
      t.db
        .update(staffAuditEntries)
        .set({ actorEmail: 'someone.else@cadran.fr' })
        .where(eq(staffAuditEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(staffAuditEntries).where(eq(staffAuditEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`TRUNCATE staff_audit_entries`)).rejects.toThrow();
    expect(await t.db.$count(staffAuditEntries)).toBe(count);
    const [again] = await t.db
      .select()
      .from(staffAuditEntries)
      .where(eq(staffAuditEntries.id, entry.id));
    expect(again?.actorEmail).toBe(entry.actorEmail);
  });
});
