import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/rate-limits';
import { users } from '../src/db/schema/users';
import { LOGIN_THROTTLE } from '../src/modules/auth/login-throttle';
import { AUTH_RATE_LIMITS } from '../src/modules/auth/rate-limits';
import { AUTH, login, nextIp, register, registration } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';
import { movableClock, nextWindowStart } from './support/test-clock';

/** Sign-in throttling as docs/decisions/011-sign-in-throttling.md designs it. */

const [perMinute, perQuarter] = LOGIN_THROTTLE.perSourceAndAddress;
const MINUTE = 60_000;
const FRENCH_429 = /^Trop de tentatives\. Pour protéger les comptes, réessayez dans (\d+) min\.$/;

/**
 * Counters use fixed windows, timed here by a clock the test moves: each test starts where an
 * hour starts (and with it every shorter window), and only moves on by saying so.
 */
const clock = movableClock();
const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false, clock: clock.now });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimits);
  clock.set(nextWindowStart(clock.now(), HOUR));
});

describe('sign-in throttling', () => {
  let email: string;
  let password: string;

  const fail = (ip: string, address = email) =>
    login(t.app, { email: address, password: 'Pas-le-bon-2024' }, {}, ip);
  /** A minute passes: the one-minute windows end, the quarter-hour ones go on. */
  const endMinuteWindows = () => clock.advance(MINUTE);

  beforeAll(async () => {
    const account = await register(t.app);
    email = account.payload.email;
    password = account.payload.password;
  });

  it('blocks one source guessing one address, for longer as its failures grow', async () => {
    const ip = nextIp();
    for (let i = 0; i < perMinute.max; i += 1) expect((await fail(ip)).statusCode).toBe(401);
    // Even the right password waits: the attacker must not learn it was found.
    const blocked = await login(t.app, { email: email.toUpperCase(), password }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    const minutes = Number(FRENCH_429.exec(blocked.json<{ message: string }>().message)?.[1]);
    expect(minutes).toBe(1);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // A minute later the source may try again, until the quarter-hour allowance is spent…
    endMinuteWindows();
    for (let i = perMinute.max; i < perQuarter.max; i += 1) {
      expect((await fail(ip)).statusCode).toBe(401);
    }
    expect((await fail(ip)).statusCode).toBe(429);
    // …and then another minute no longer lifts the block: it lasts to the quarter's end.
    endMinuteWindows();
    const longer = await fail(ip);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Refused attempts checked no password: they are not counted as failures.
    const [pair] = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `${perQuarter.name}:%`));
    expect(pair?.count).toBe(perQuarter.max);
  });

  it('lets the owner in from another source while one source is blocked on the address', async () => {
    const attacker = nextIp();
    for (let i = 0; i < perMinute.max + 3; i += 1) await fail(attacker);
    expect((await fail(attacker)).statusCode).toBe(429);
    expect((await login(t.app, { email, password }, {}, nextIp())).statusCode).toBe(200);
    // The attacker is still blocked: the owner's success is not the attacker's.
    expect((await login(t.app, { email, password }, {}, attacker)).statusCode).toBe(429);
  });

  it('counts failures only: a success starts the source afresh on the address', async () => {
    const ip = nextIp();
    const before = perMinute.max - 1;
    for (let i = 0; i < before; i += 1) expect((await fail(ip)).statusCode).toBe(401);
    expect((await login(t.app, { email, password }, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < before; i += 1) expect((await fail(ip)).statusCode).toBe(401);
    expect((await login(t.app, { email, password }, {}, ip)).statusCode).toBe(200);
    // The source's own counter holds the failures, not the two successes.
    const [source] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `${LOGIN_THROTTLE.perSource.name}:${ip}`));
    expect(source?.count).toBe(2 * before);
  });

  it('treats an address without an account exactly like one with an account', async () => {
    const statuses = async (address: string) => {
      const ip = nextIp();
      const seen: number[] = [];
      for (let i = 0; i < perMinute.max + 2; i += 1)
        seen.push((await fail(ip, address)).statusCode);
      return seen;
    };
    const known = await statuses(email);
    expect(known).toEqual([...Array<number>(perMinute.max).fill(401), 429, 429]);
    expect(await statuses('personne.inconnue@exemple.fr')).toEqual(known);
  });

  it('stops one source trying many addresses, with an English message for English readers', async () => {
    const ip = nextIp();
    const { max } = LOGIN_THROTTLE.perSource;
    for (let i = 0; i < max; i += 1) {
      expect((await fail(ip, `inconnu${i}@exemple.fr`)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, { email, password }, { 'accept-language': 'en' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(
      /^Too many attempts\. To protect accounts, please try again in \d+ min\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another source is not affected.
    expect((await login(t.app, { email, password }, {}, nextIp())).statusCode).toBe(200);
  });

  it('slows an address down when many sources fail on it, and never locks its owner out', async () => {
    const { slowAfter, firstDelayMs } = LOGIN_THROTTLE.perAddress;
    const sources = Array.from({ length: slowAfter / perMinute.max }, () => nextIp());
    // Every source stays within its own allowance: none is ever refused.
    const statuses = await Promise.all(
      sources.map(async (ip) => {
        const seen: number[] = [];
        for (let i = 0; i < perMinute.max; i += 1) seen.push((await fail(ip)).statusCode);
        return seen;
      }),
    );
    expect(statuses.flat()).toEqual(Array.from({ length: slowAfter }, () => 401));

    const timed = async (ip: string, secret: string) => {
      const started = performance.now();
      const res = await login(t.app, { email, password: secret }, {}, ip);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    // The owner, from a source that has not failed, waits but gets in.
    const owner = await timed(nextIp(), password);
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(firstDelayMs - 5);
    // The owner's success does not lift the slowdown for the next stranger.
    const stranger = await timed(nextIp(), 'Encore-un-essai-99');
    expect(stranger.status).toBe(401);
    expect(stranger.ms).toBeGreaterThanOrEqual(firstDelayMs - 5);
  });

  it('keeps no e-mail address in clear in the counters', async () => {
    await fail(nextIp());
    const keys = (await t.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(email) || key.includes('@'))).toBe(false);
  });
});

describe('rate limits on registration', () => {
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
