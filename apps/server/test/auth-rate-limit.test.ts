import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/rate-limits';
import { users } from '../src/db/schema/users';
import { AUTH_RATE_LIMITS } from '../src/modules/auth/rate-limits';
import { AUTH, login, nextIp, register, registration } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';

describe('rate limits on login and register (issue 5)', () => {
  let t: TestApp;
  let email: string;
  let password: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const account = await register(t.app);
    email = account.payload.email;
    password = account.payload.password;
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });

  it('stops password guessing on one account, from any number of addresses', async () => {
    const { max } = AUTH_RATE_LIMITS.loginPerEmail;
    for (let i = 0; i < max; i += 1) {
      expect((await login(t.app, { email, password: `essai-${i}-faux` })).statusCode).toBe(401);
    }
    // Even the right password waits: the attacker must not learn it was found.
    const blocked = await login(t.app, { email: email.toUpperCase(), password });
    expect(blocked.statusCode).toBe(429);
    // Fixed windows: the wait is what is left of the current 15-minute window.
    const { message } = blocked.json<{ message: string }>();
    const minutes = Number(
      /^Trop de tentatives\. Pour protéger les comptes, réessayez dans (\d+) min\.$/.exec(
        message,
      )?.[1],
    );
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    // The counter keys hold no e-mail in clear.
    const keys = (await t.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.includes(email))).toBe(false);
  });

  it('stops one address trying many accounts, with an English message for English readers', async () => {
    const ip = nextIp();
    const { max } = AUTH_RATE_LIMITS.loginPerIp;
    for (let i = 0; i < max; i += 1) {
      const res = await login(
        t.app,
        { email: `inconnu${i}@exemple.fr`, password: 'essai-faux' },
        {},
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t.app, { email, password }, { 'accept-language': 'en' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(
      /^Too many attempts\. To protect accounts, please try again in \d+ min\.$/,
    );
    // Another address is not affected.
    expect((await login(t.app, { email, password })).statusCode).toBe(200);
  });

  it('limits account creation per address', async () => {
    const ip = nextIp();
    const { max } = AUTH_RATE_LIMITS.registerPerIp;
    const before = (await t.db.select().from(users)).length;
    for (let i = 0; i < max; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${AUTH}/register`,
        remoteAddress: ip,
        payload: registration(),
      });
      expect(res.statusCode).toBe(201);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/register`,
      remoteAddress: ip,
      payload: registration(),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false });
    expect((await t.db.select().from(users)).length).toBe(before + max);
  });

  it('limits registration attempts on one e-mail', async () => {
    const target = registration().email;
    const { max } = AUTH_RATE_LIMITS.registerPerEmail;
    for (let i = 0; i < max; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: `${AUTH}/register`,
        remoteAddress: nextIp(),
        payload: registration({ email: target }),
      });
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/register`,
      remoteAddress: nextIp(),
      payload: registration({ email: target }),
    });
    expect(blocked.statusCode).toBe(429);
  });
});
