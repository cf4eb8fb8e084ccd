import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PromoCodeCreateSchema } from '@cadran/domain/promo-codes';
import { licenseTemplates } from '../src/db/schema/catalog';
import { orderItems, orders } from '../src/db/schema/orders';
import { PromoRepository } from '../src/modules/orders/promo-repository';
import {
  buyer,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  type Buyer,
} from './orders-helpers';

describe('Idempotency-Key on order creation', () => {
  const t = shopSuite();

  const withKey = (who: Buyer, key: string) =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, who.userId), eq(orders.idempotencyKey, key)));

  it('replays the first answer for the same key and body, creating one order', async () => {
    const key = randomUUID();
    const payload = orderBody([item(t.pro.id, { quantity: 2 })]);
    const first = await placeOrder(t.app, t.alice, payload, { 'idempotency-key': key });
    const second = await placeOrder(t.app, t.alice, payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await withKey(t.alice, key)).toHaveLength(1);
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderOf(first).order.id));
    expect(lines).toHaveLength(1);
  });

  it('treats bodies that normalise alike as the same body', async () => {
    const key = randomUUID();
    const a = orderBody([item(t.pro.id)]);
    const b = {
      ...orderBody([
        item(t.pro.id, {
          customizations: { primary_domain: ' https://WWW.Atelier-Martin.fr/ ' },
        }),
      ]),
      unknown_field: 'ignored',
    };
    const first = await placeOrder(t.app, t.alice, a, { 'idempotency-key': key });
    const second = await placeOrder(t.app, t.alice, b, { 'idempotency-key': key });
    expect(second.statusCode).toBe(201);
    expect(orderOf(second).order.id).toBe(orderOf(first).order.id);
  });

  it('answers 409 when the same key comes with a different body', async () => {
    const key = randomUUID();
    await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]), { 'idempotency-key': key });
    const other = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id, { quantity: 3 })]), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      success: false,
      message:
        'Cette clé d’idempotence a déjà servi pour une autre commande : générez-en une nouvelle',
    });
    expect(await withKey(t.alice, key)).toHaveLength(1);
  });

  it('scopes keys to the account: another client with the same key gets its own order', async () => {
    const bob = await buyer(t.app);
    const key = randomUUID();
    const payload = orderBody([item(t.pro.id)]);
    const mine = await placeOrder(t.app, t.alice, payload, { 'idempotency-key': key });
    const theirs = await placeOrder(t.app, bob, payload, { 'idempotency-key': key });
    expect(theirs.statusCode).toBe(201);
    expect(orderOf(theirs).order.id).not.toBe(orderOf(mine).order.id);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(201)],
    ['with a space', 'two words'],
    ['with a non-ASCII character', 'clé-1'],
  ])('refuses a key that is %s', async (_label, key) => {
    const res = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]), {
      'idempotency-key': key,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: { 'Idempotency-Key': [expect.stringContaining('Idempotency-Key') as string] },
    });
  });

  it('accepts a 200-character key', async () => {
    const res = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]), {
      'idempotency-key': 'k'.repeat(200),
    });
    expect(res.statusCode).toBe(201);
  });

  it('replays an order whose code it used up and whose template is no longer sold', async () => {
    const key = randomUUID();
    const code = PromoCodeCreateSchema.parse({
      code: 'UNE-FOIS',
      discount: { type: 'percentage', percent: 10 },
      max_uses: 1,
    });
    await new PromoRepository(t.db).create(code);
    const payload = orderBody([item(t.agence.id)], { promo_code: 'UNE-FOIS' });
    const first = await placeOrder(t.app, t.alice, payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    await t.db
      .update(licenseTemplates)
      .set({ isActive: false })
      .where(eq(licenseTemplates.id, t.agence.id));
    try {
      // Priced again now, the request would be refused twice over; its retry is the order.
      const retry = await placeOrder(t.app, t.alice, payload, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      const fresh = await placeOrder(t.app, t.alice, payload, { 'idempotency-key': randomUUID() });
      expect(fresh.statusCode).toBe(422);
      expect(await withKey(t.alice, key)).toHaveLength(1);
    } finally {
      await t.db
        .update(licenseTemplates)
        .set({ isActive: true })
        .where(eq(licenseTemplates.id, t.agence.id));
    }
  });

  it('creates exactly one order under 20 concurrent identical requests', async () => {
    const carol = await buyer(t.app);
    const key = randomUUID();
    const payload = orderBody([item(t.pro.id), item(t.pro.id, { quantity: 2 })]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(t.app, carol, payload, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(20).fill(201));
    const ids = new Set(answers.map((res) => orderOf(res).order.id));
    expect(ids.size).toBe(1);
    const stored = await t.db.select().from(orders).where(eq(orders.userId, carol.userId));
    expect(stored).toHaveLength(1);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, stored[0]!.id));
    expect(lines).toHaveLength(2);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
  });

  it('without a key, two submissions are two orders', async () => {
    const dave = await buyer(t.app);
    const payload = orderBody([item(t.pro.id)]);
    await placeOrder(t.app, dave, payload);
    await placeOrder(t.app, dave, payload);
    expect(await t.db.select().from(orders).where(eq(orders.userId, dave.userId))).toHaveLength(2);
  });
});
