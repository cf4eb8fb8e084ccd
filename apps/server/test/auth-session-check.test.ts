import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, cookieNamed, register, sameOrigin, sessionCookie } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';

/**
 * GET /auth/session (docs/product.md 'Accounts and sessions'): the start-up check of a page
 * answers 200 signed in or not, so a session that ended on another device costs this browser
 * no refused request; a cookie that no longer opens a session is dropped.
 */
describe('the session check', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  const check = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${AUTH}/session`, headers });

  it('answers the signed-in account', async () => {
    const { body } = await register(t.app);
    const res = await check(sessionCookie(body.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ success: true, user: { id: body.user.id } });
    expect(res.cookies).toEqual([]);
  });

  it('answers no account, without a refusal, to a visitor who never signed in', async () => {
    const res = await check();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, user: null });
    expect(res.cookies).toEqual([]);
  });

  it('answers no account to a session ended elsewhere, and drops its cookies', async () => {
    const { body } = await register(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: { ...sessionCookie(body.token), ...sameOrigin(t.app) },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const res = await check({ cookie: `cadran_session=${body.token}; ${SESSION_HINT_COOKIE}=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, user: null });
    for (const name of ['cadran_session', SESSION_HINT_COOKIE]) {
      const dropped = cookieNamed(res, name);
      expect(dropped?.value, name).toBe('');
      expect(dropped?.expires?.getTime() ?? 0, name).toBeLessThanOrEqual(Date.now());
    }
  });
});
