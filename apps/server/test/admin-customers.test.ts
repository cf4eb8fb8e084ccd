import {
  CustomerDetailResponseSchema,
  CustomersResponseSchema,
} from '@cadran/domain/staff-customers';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, me, register, sessionCookie } from './auth-helpers';
import { shopSuite } from './orders-helpers';
import { decide, placeWith, sandboxIdOf } from './payments-helpers';
import { adminGet, adminPost, auditOf, signedInStaff } from './staff-helpers';

/*
 * Back-office customers (docs/product.md 'Back office'): the list with order count and total
 * paid, one account with its orders, licences and sessions, ending its sessions, and locking:
 * a locked account cannot sign in (403 account_locked) and its sessions end.
 */
describe('staff customers', () => {
  const t = shopSuite();
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    admin = await signedInStaff(t.app, t.db, 'admin');
    support = await signedInStaff(t.app, t.db, 'support');
  });

  async function customerWithOrder(company: string) {
    const { res, payload, body } = await register(t.app, { company });
    expect(res.statusCode).toBe(201);
    const who = {
      token: body.token,
      userId: body.user.id,
      email: payload.email,
      headers: {
        ...sessionCookie(body.token),
        origin: t.config.publicUrl,
        'content-type': 'application/json',
      },
    };
    const placed = await placeWith(t.app, who, 'stripe', t.pro.id);
    expect((await decide(t.app, who, sandboxIdOf(placed.payment_url), 'pay')).statusCode).toBe(200);
    await placeWith(t.app, who, 'stripe', t.pro.id);
    return { ...who, password: payload.password, total: placed.order.total };
  }

  it('lists client accounts with their figures, searched and sorted, never staff', async () => {
    const buyer = await customerWithOrder('Horlogerie Dubois');
    const res = await adminGet(t.app, '/customers?q=dubois', support.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = CustomersResponseSchema.parse(res.json());
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: buyer.userId,
      company: 'Horlogerie Dubois',
      order_count: 2,
      total_paid: Math.round(Number(buyer.total) * 100),
      locked: false,
    });
    const all = CustomersResponseSchema.parse(
      (await adminGet(t.app, '/customers?limit=100', admin.headers)).json(),
    );
    expect(all.items.some((row) => row.email === admin.email)).toBe(false);
    const byCount = CustomersResponseSchema.parse(
      (await adminGet(t.app, '/customers?sort=-order_count&limit=1', admin.headers)).json(),
    );
    expect(byCount.items[0]?.order_count).toBeGreaterThanOrEqual(2);
    expect(byCount).toMatchObject({ limit: 1, offset: 0 });
    expect((await adminGet(t.app, '/customers?sort=password_hash', admin.headers)).statusCode).toBe(
      400,
    );
    expect((await adminGet(t.app, `/customers/${admin.id}`, admin.headers)).statusCode).toBe(404);
  });

  it('shows one account with its orders, licences and sessions', async () => {
    const buyer = await customerWithOrder('Atelier Cadran');
    const res = await adminGet(t.app, `/customers/${buyer.userId}`, support.headers);
    expect(res.statusCode, res.body).toBe(200);
    const detail = CustomerDetailResponseSchema.parse(res.json());
    expect(detail.customer).toMatchObject({ id: buyer.userId, locked_at: null, order_count: 2 });
    expect(detail.orders).toHaveLength(2);
    expect(detail.licences).toHaveLength(1);
    expect(detail.licences[0]?.status).toBe('active');
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
  });

  it('locks an account: sessions end, sign-in says account_locked; unlocking reopens it', async () => {
    const buyer = await customerWithOrder('Atelier Verrou');
    expect((await me(t.app, sessionCookie(buyer.token))).statusCode).toBe(200);
    expect(
      (await adminPost(t.app, `/customers/${buyer.userId}/lock`, support.headers, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await adminPost(t.app, `/customers/${buyer.userId}/lock`, admin.headers, {})).statusCode,
    ).toBe(400);

    const locked = await adminPost(t.app, `/customers/${buyer.userId}/lock`, admin.headers, {
      reason: 'Fraude à la carte signalée',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ customer: { locked: true }, sessions_ended: 1 });
    expect((await me(t.app, sessionCookie(buyer.token))).statusCode).toBe(401);

    const refused = await login(t.app, { email: buyer.email, password: buyer.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'account_locked' });
    expect(refused.json<{ message: string }>().message).toContain('verrouillé');
    expect(refused.cookies.find((cookie) => cookie.name === 'cadran_session')).toBeUndefined();
    // A wrong password still gets the usual answer: the lock is no oracle.
    const wrong = await login(t.app, { email: buyer.email, password: 'Pas-le-bon-mot-2026' });
    expect(wrong.statusCode).toBe(401);
    const english = await login(
      t.app,
      { email: buyer.email, password: buyer.password },
      { 'accept-language': 'en' },
    );
    expect(english.json<{ message: string }>().message).toContain('locked');

    expect(
      (await adminPost(t.app, `/customers/${buyer.userId}/lock`, admin.headers, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    const unlocked = await adminPost(t.app, `/customers/${buyer.userId}/unlock`, admin.headers);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await login(t.app, { email: buyer.email, password: buyer.password })).statusCode).toBe(
      200,
    );

    const entries = await auditOf(t.db, buyer.userId);
    expect(entries.map((entry) => entry.action)).toEqual(['customer.lock', 'customer.unlock']);
    expect(entries[0]).toMatchObject({
      before: { locked_at: null },
      after: { lock_reason: 'Fraude à la carte signalée', sessions_ended: 1 },
    });
  });

  it('ends every session of an account, as administrators only', async () => {
    const buyer = await customerWithOrder('Atelier Sessions');
    await login(t.app, { email: buyer.email, password: buyer.password });
    const url = `/customers/${buyer.userId}/sessions/end`;
    expect((await adminPost(t.app, url, support.headers)).statusCode).toBe(403);
    expect(
      (await adminPost(t.app, url, { ...admin.cookie, origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    const res = await adminPost(t.app, url, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ended: 2 });
    expect((await me(t.app, sessionCookie(buyer.token))).statusCode).toBe(401);
    expect((await adminGet(t.app, '/customers', {})).statusCode).toBe(401);
    expect(
      (await adminGet(t.app, '/customers', { authorization: `Bearer ${buyer.token}` })).statusCode,
    ).toBe(401);
  });
});
