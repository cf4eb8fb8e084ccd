import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/users';
import { hashToken } from '../src/modules/auth/tokens';
import { currentAccount } from '../src/modules/auth/current-account';
import {
  AUTH,
  bearer,
  cookieNamed,
  login,
  me,
  register,
  sameOrigin,
  sessionCookie,
} from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';

describe('sessions: /auth/me, /auth/logout, lifetimes and guards', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      beforeReady: (app) => {
        app.get('/api/test/admin-only', { preHandler: app.requireAdmin }, (request) => ({
          success: true,
          email: currentAccount(request).email,
        }));
      },
    });
  });
  afterAll(async () => t.close());

  const newSession = async (remember = false) => {
    const { payload, body } = await register(t.app);
    if (!remember) return { token: body.token, userId: body.user.id, email: payload.email };
    const res = await login(t.app, { email: payload.email, password: payload.password, remember });
    return {
      token: res.json<{ token: string }>().token,
      userId: body.user.id,
      email: payload.email,
    };
  };
  const sessionRow = async (token: string) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0];
  const age = (token: string, column: 'last_seen_at' | 'expires_at', interval: string) =>
    t.db.execute(
      sql`update sessions set ${sql.raw(column)} = now() - ${interval}::interval where token_hash = ${hashToken(token)}`,
    );

  it('answers the user for a valid cookie and for a bearer token', async () => {
    const { token, userId, email } = await newSession();
    for (const headers of [sessionCookie(token), bearer(token)]) {
      const res = await me(t.app, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        user: expect.objectContaining({
          id: userId,
          email,
          first_name: 'Camille',
          role: 'client',
        }) as unknown,
      });
      expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
    }
  });

  it('answers 401 without a session, and for a made-up or malformed token', async () => {
    const madeUp = 'A'.repeat(43);
    for (const headers of [
      {},
      sessionCookie(madeUp),
      bearer(madeUp),
      bearer('x'),
      { authorization: 'Basic abc' },
    ]) {
      const res = await me(t.app, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Vous devez être connecté' });
    }
  });

  it('drops a cookie that no longer opens a session', async () => {
    const res = await me(t.app, sessionCookie('B'.repeat(43)));
    expect(res.statusCode).toBe(401);
    expect(cookieNamed(res, 'cadran_session')).toMatchObject({ value: '', maxAge: 0 });
    expect(cookieNamed(res, 'cadran_signed_in')).toMatchObject({ value: '', maxAge: 0 });
  });

  it('logout deletes the session for good and clears both cookies', async () => {
    const { token } = await newSession();
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: { ...sessionCookie(token), ...sameOrigin(t.app) },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Déconnexion réussie' });
    expect(cookieNamed(res, 'cadran_session')).toMatchObject({ value: '', maxAge: 0, path: '/' });
    expect(cookieNamed(res, 'cadran_signed_in')).toMatchObject({ value: '', maxAge: 0 });
    expect(await sessionRow(token)).toBeUndefined();
    // The token is dead by any route: cookie or bearer.
    expect((await me(t.app, sessionCookie(token))).statusCode).toBe(401);
    expect((await me(t.app, bearer(token))).statusCode).toBe(401);
  });

  it('logout with a bearer token ends that session', async () => {
    const { token } = await newSession();
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('logout succeeds when already signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${AUTH}/logout`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
  });

  it('ends a browser session after 2 hours without activity', async () => {
    const { token } = await newSession();
    await age(token, 'last_seen_at', '1 hour 59 minutes');
    expect((await me(t.app, bearer(token))).statusCode).toBe(200);
    await age(token, 'last_seen_at', '2 hours 1 minute');
    expect((await me(t.app, bearer(token))).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('keeps a remembered session through five quiet days', async () => {
    const { token } = await newSession(true);
    await age(token, 'last_seen_at', '5 days');
    expect((await me(t.app, bearer(token))).statusCode).toBe(200);
  });

  it('ends any session at its absolute limit, however active', async () => {
    const { token } = await newSession(true);
    await age(token, 'expires_at', '1 second');
    expect((await me(t.app, bearer(token))).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('records activity at most every few minutes (sliding idle timeout)', async () => {
    const { token } = await newSession();
    await age(token, 'last_seen_at', '1 minute');
    const quiet = (await sessionRow(token))!.lastSeenAt;
    await me(t.app, bearer(token));
    expect((await sessionRow(token))!.lastSeenAt).toEqual(quiet);

    await age(token, 'last_seen_at', '10 minutes');
    await me(t.app, bearer(token));
    const touched = (await sessionRow(token))!.lastSeenAt;
    expect(Date.now() - touched.getTime()).toBeLessThan(60_000);
  });

  it('prunes expired sessions and keeps live ones', async () => {
    const live = await newSession();
    const idle = await newSession();
    await age(idle.token, 'last_seen_at', '3 hours');
    const removed = await t.app.authService.pruneExpiredSessions();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(idle.token)).toBeUndefined();
    expect(await sessionRow(live.token)).toBeDefined();
  });

  it('requireAdmin: 401 anonymous, 403 client, 200 administrator', async () => {
    expect((await t.app.inject({ url: '/api/test/admin-only' })).statusCode).toBe(401);
    const client = await newSession();
    const forbidden = await t.app.inject({
      url: '/api/test/admin-only',
      headers: bearer(client.token),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, message: 'Action non autorisée' });

    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, client.userId));
    const allowed = await t.app.inject({
      url: '/api/test/admin-only',
      headers: bearer(client.token),
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ success: true, email: client.email });
  });

  it('a deleted account takes its sessions with it', async () => {
    const { token, userId } = await newSession();
    await t.db.delete(users).where(eq(users.id, userId));
    expect((await me(t.app, bearer(token))).statusCode).toBe(401);
  });
});
