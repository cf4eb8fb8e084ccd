import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../src/db/schema/promo-codes';
import { item, orderBody, placeOrder, shopSuite } from './orders-helpers';
import { bearerHeaders, signedInAdmin, signedInClient } from './realtime-helpers';
import { auditOf, signedInStaff } from './staff-helpers';

const PROMOS = '/api/v1/admin/promo-codes';

/*
 * Staff switch a promo code off, move its end date and change its limit of uses
 * (docs/product.md 'Checkout' ('Promo codes')); each change is audited, and a switched-off code
 * is refused at checkout.
 */
describe('changing a promo code', () => {
  const t = shopSuite();
  let admin: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
    const created = await t.app.inject({
      method: 'POST',
      url: PROMOS,
      headers: admin,
      payload: {
        code: 'HIVER-26',
        discount: { type: 'percentage', percent: 10 },
        starts_at: '2026-01-01T00:00:00Z',
        ends_at: '2099-03-01T00:00:00Z',
        max_uses: 50,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json<{ data: { id: number } }>().data.id;
  });

  const patch = (payload: unknown, headers = admin, target: number | string = id) =>
    t.app.inject({
      method: 'PATCH',
      url: `${PROMOS}/${target}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const row = async () =>
    (await t.db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1))[0];

  it('refuses the anonymous, clients and support staff, changing nothing', async () => {
    const client = bearerHeaders((await signedInClient(t.app)).token);
    const support = (await signedInStaff(t.app, t.db, 'support')).headers;
    expect((await patch({ active: false }, {})).statusCode).toBe(401);
    expect((await patch({ active: false }, client)).statusCode).toBe(403);
    expect((await patch({ active: false }, support)).statusCode).toBe(403);
    expect((await row())?.active).toBe(true);
  });

  it('switches the code off: checkout refuses it, and the change is audited', async () => {
    const res = await patch({ active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id, active: false, max_uses: 50 } });

    const refused = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { promo_code: 'hiver-26' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { promo_code: ['Ce code promo n’est plus proposé'] },
    });

    const [, entry] = await auditOf(t.db, String(id));
    expect(entry).toMatchObject({
      action: 'promo_code.update',
      targetType: 'promo_code',
      before: { active: true },
      after: { active: false },
    });

    expect((await patch({ active: true })).statusCode).toBe(200);
    const accepted = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { promo_code: 'hiver-26' }),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('moves the end date and changes the limit, or removes them with null', async () => {
    const moved = await patch({ ends_at: '2099-04-01T00:00:00+02:00', max_uses: 120 });
    expect(moved.json()).toMatchObject({
      data: { ends_at: '2099-03-31T22:00:00.000Z', max_uses: 120 },
    });
    const removed = await patch({ ends_at: null, max_uses: null });
    expect(removed.json()).toMatchObject({ data: { ends_at: null, max_uses: null } });
    expect(await row()).toMatchObject({ endsAt: null, maxUses: null, active: true });
  });

  it('refuses bad changes with a message in the reader’s language, writing nothing', async () => {
    const before = await row();
    const audited = (await auditOf(t.db, String(id))).length;
    const endBeforeStart = await patch({ ends_at: '2025-12-31T00:00:00Z' });
    expect(endBeforeStart.statusCode).toBe(400);
    expect(endBeforeStart.json()).toMatchObject({
      errors: { ends_at: ['La date de fin doit être postérieure à la date de début'] },
    });
    for (const bad of [
      {},
      { discount: { type: 'percentage', percent: 90 } },
      { active: 'off' },
      { max_uses: 0 },
      { ends_at: 'demain' },
    ]) {
      expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const english = await t.app.inject({
      method: 'PATCH',
      url: `${PROMOS}/${id}`,
      headers: { ...admin, 'accept-language': 'en' },
      payload: { max_uses: -3 },
    });
    expect(english.json()).toMatchObject({
      errors: { max_uses: [expect.stringMatching(/number of uses/) as string] },
    });
    expect((await patch({ active: false }, admin, 999_999)).statusCode).toBe(404);
    expect((await patch({ active: false }, admin, 'abc')).statusCode).toBe(400);
    expect(await row()).toEqual(before);
    expect(await auditOf(t.db, String(id))).toHaveLength(audited);
  });
});
