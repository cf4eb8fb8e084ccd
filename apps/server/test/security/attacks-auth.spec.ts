import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_EXEMPT_PATHS } from '../../src/plugins/csrf';
import { LOGIN_THROTTLE } from '../../src/modules/auth/login-throttle';
import { login, me, nextIp, register } from '../auth-helpers';
import { buildTestApp } from '../helper';
import { movableClock, nextWindowStart } from '../support/test-clock';
import { item, orderBody, template } from '../orders-helpers';
import { changedTables, settledSnapshot } from './db-snapshot';
import { createCast } from './identities';
import { listRoutes, type RouteInfo } from './route-inventory';
import { valueFor } from './schema-arbitrary';
import { rememberSecret, secretLeaks, watchLogs } from './secrets';

/**
 * Attacks on sessions and accounts: cross-site request forgery on every state-changing route,
 * session fixation, password guessing and locking owners out (docs/decisions/
 * 011-sign-in-throttling.md), account enumeration.
 */

const logs = watchLogs();
/** The clock of sessions and rate-limit windows: it moves only when a test moves it. */
const clock = movableClock();
const t = await buildTestApp({ logger: logs.logger, clock: clock.now });
rememberSecret(t.config.sessionSecret);
const cast = await createCast(t.app, t.db);
const pro = await template(t.db, 'pro-annually');
afterAll(async () => t.close());

const resetLimits = () => t.db.execute(sql`delete from rate_limits`);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isExempt = (path: string) => CSRF_EXEMPT_PATHS.includes(path);

/** A plausible body for a route: a real order for order creation, a schema sample elsewhere. */
function bodyFor(route: RouteInfo): unknown {
  if (route.path === '/api/v1/website/orders') return orderBody([item(pro.id)]);
  return route.body ? fc.sample(valueFor(route.body), { numRuns: 1, seed: 7 })[0] : {};
}

const concrete = (route: RouteInfo) =>
  route.params.reduce((url, name) => url.replace(`:${name}`, '1'), route.path).replace('*', 'x');

describe('CSRF: a page of another site drives the victim’s browser', () => {
  const FORGED: Array<[string, Record<string, string>]> = [
    [
      'a foreign Origin',
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
    ],
    [
      'a look-alike Origin',
      { origin: `${t.config.publicUrl}.evil.example`, 'content-type': 'application/json' },
    ],
    ['Origin null (sandboxed frame)', { origin: 'null', 'content-type': 'application/json' }],
    [
      'no Origin, cross-site fetch metadata',
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    ],
    [
      'a form post (text/plain) from our own origin',
      { origin: t.config.publicUrl, 'content-type': 'text/plain' },
    ],
    [
      'a urlencoded form',
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ],
  ];

  it('refuses every cookie-authenticated write from elsewhere with 403, changing nothing', async () => {
    const routes = listRoutes(t.app).filter(
      (route) => WRITE_METHODS.has(route.method) && !isExempt(route.path),
    );
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const account of [cast.client, cast.admin]) {
      const before = await settledSnapshot(t);
      for (const route of routes) {
        for (const [label, headers] of FORGED) {
          await resetLimits();
          const body = bodyFor(route);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: concrete(route),
            remoteAddress: nextIp(),
            headers: { ...headers, cookie: `cadran_session=${account.token}` },
            payload:
              headers['content-type'] === 'application/json'
                ? JSON.stringify(body)
                : 'email=a%40b.fr&reason=x',
          });
          expect(res.statusCode, `${route.method} ${route.path} with ${label}: ${res.body}`).toBe(
            403,
          );
          expect(res.json()).toMatchObject({
            success: false,
            message: 'Requête refusée : origine non autorisée',
          });
        }
      }
      await resetLimits();
      expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
      expect((await me(t.app, { cookie: `cadran_session=${account.token}` })).statusCode).toBe(200);
    }
  });
});

describe('session fixation', () => {
  it('never accepts a token the attacker made up, and signing in replaces it', async () => {
    const planted = 'attacker-chosen-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    expect((await me(t.app, { cookie: `cadran_session=${planted}` })).statusCode).toBe(401);
    const res = await login(
      t.app,
      { email: cast.client.email, password: cast.client.password },
      { cookie: `cadran_session=${planted}`, origin: t.config.publicUrl },
    );
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((cookie) => cookie.name === 'cadran_session')?.value;
    rememberSecret(issued);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect((await me(t.app, { cookie: `cadran_session=${planted}` })).statusCode).toBe(401);
    expect((await me(t.app, { authorization: `Bearer ${planted}` })).statusCode).toBe(401);
  });

  it('ends the attacker’s own session planted in the victim’s browser when the victim signs in', async () => {
    const attacker = await register(t.app);
    rememberSecret(attacker.payload.password, attacker.body.token);
    const res = await login(
      t.app,
      { email: cast.other.email, password: cast.other.password },
      { cookie: `cadran_session=${attacker.body.token}`, origin: t.config.publicUrl },
    );
    expect(res.statusCode).toBe(200);
    const victimToken = res.json<{ token: string }>().token;
    rememberSecret(victimToken);
    expect(victimToken).not.toBe(attacker.body.token);
    // The attacker's token no longer opens anything: not the victim's account, not its own.
    expect((await me(t.app, { authorization: `Bearer ${attacker.body.token}` })).statusCode).toBe(
      401,
    );
    const victim = await me(t.app, { authorization: `Bearer ${victimToken}` });
    expect(victim.json<{ user: { email: string } }>().user.email).toBe(cast.other.email);
  });
});

describe('password guessing', () => {
  const [perMinute] = LOGIN_THROTTLE.perSourceAndAddress;
  const guess = (email: string, ip: string, i: number) =>
    login(t.app, { email, password: `Devine-${i}-Mot-De-Passe` }, {}, ip);

  /** Fixed windows: counting starts where a minute starts, so none restarts mid-test. */
  const clearOfMinuteEdge = () => clock.set(nextWindowStart(clock.now(), 60_000));

  it('cannot keep the administrator out by failing on the address from one machine', async () => {
    await resetLimits();
    clearOfMinuteEdge();
    const attacker = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1)
      statuses.push((await guess(cast.admin.email, attacker, i)).statusCode);
    expect(statuses.slice(0, perMinute.max)).toEqual(Array<number>(perMinute.max).fill(401));
    expect(statuses.slice(perMinute.max).every((status) => status === 429)).toBe(true);
    // The attacker's own tries stay blocked, even with the right password: a hit is not revealed.
    const found = await login(
      t.app,
      { email: cast.admin.email, password: cast.admin.password },
      {},
      attacker,
    );
    expect(found.statusCode).toBe(429);
    expect(found.headers['set-cookie']).toBeUndefined();
    // The administrator, from their own machine, signs in at once.
    const admin = await login(t.app, { email: cast.admin.email, password: cast.admin.password });
    expect(admin.statusCode).toBe(200);
    const token = admin.json<{ token: string }>().token;
    rememberSecret(token);
    const session = await me(t.app, { authorization: `Bearer ${token}` });
    expect(session.json<{ user: { role: string } }>().user.role).toBe('admin');
    await resetLimits();
  });

  it('lets a parallel burst from one machine have no more passwords checked than its allowance', async () => {
    await resetLimits();
    clearOfMinuteEdge();
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: perMinute.max * 4 }, (_, i) => guess(cast.other.email, ip, i)),
    );
    const evaluated = answers.filter((res) => res.statusCode === 401).length;
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(evaluated).toBeLessThanOrEqual(perMinute.max);
    expect(evaluated + limited.length).toBe(answers.length);
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    await resetLimits();
  });

  it('holds each of many machines to its allowance and slows the address, yet its owner signs in', async () => {
    await resetLimits();
    clearOfMinuteEdge();
    const { slowAfter, firstDelayMs } = LOGIN_THROTTLE.perAddress;
    const machines = Array.from({ length: Math.ceil(slowAfter / perMinute.max) + 2 }, () =>
      nextIp(),
    );
    const perMachine = await Promise.all(
      machines.map(async (ip) => {
        const statuses: number[] = [];
        for (let i = 0; i <= perMinute.max; i += 1) {
          statuses.push((await guess(cast.client.email, ip, i)).statusCode);
        }
        return statuses;
      }),
    );
    for (const statuses of perMachine) {
      expect(statuses).toEqual([...Array<number>(perMinute.max).fill(401), 429]);
    }
    const started = performance.now();
    const owner = await login(t.app, { email: cast.client.email, password: cast.client.password });
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(firstDelayMs - 5);
    rememberSecret(owner.json<{ token: string }>().token);
    await resetLimits();
  });

  it('stops one address spraying passwords over many accounts', async () => {
    await resetLimits();
    const ip = nextIp();
    const { max } = LOGIN_THROTTLE.perSource;
    const statuses: number[] = [];
    for (let i = 0; i < max + 5; i += 1) {
      statuses.push(
        (await login(t.app, { email: `cible${i}@exemple.fr`, password: 'Printemps2024!' }, {}, ip))
          .statusCode,
      );
    }
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(max).every((status) => status === 429)).toBe(true);
    await resetLimits();
  });
});

describe('account enumeration', () => {
  const comparable = (res: Awaited<ReturnType<typeof login>>) => ({
    status: res.statusCode,
    body: res.body,
    cookies: res.cookies.map((cookie) => cookie.name),
    headers: Object.keys(res.headers)
      .filter((name) => !['date', 'x-request-id'].includes(name))
      .sort(),
  });

  it('answers an unknown e-mail and a wrong password alike, in FR and EN', async () => {
    for (const lang of ['fr', 'en']) {
      await resetLimits();
      const wrong = await login(
        t.app,
        { email: cast.client.email, password: 'Pas-le-bon-mot-2024' },
        { 'accept-language': lang },
      );
      const unknown = await login(
        t.app,
        { email: 'personne.inconnue@exemple.fr', password: 'Pas-le-bon-mot-2024' },
        { 'accept-language': lang },
      );
      expect(wrong.statusCode).toBe(401);
      expect(comparable(unknown)).toEqual(comparable(wrong));
    }
  });

  it('spends comparable time on both, so timing tells nothing either', async () => {
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // CPU time of this process (the hashing threads included), not wall time: an attacker
    // measures the answer's delay, which is this work, and other processes on a busy machine
    // would otherwise blur the comparison either way.
    const time = async (email: string) => {
      const before = process.cpuUsage();
      await login(t.app, { email, password: 'Pas-le-bon-mot-2024' });
      const spent = process.cpuUsage(before);
      return (spent.user + spent.system) / 1000;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await resetLimits();
      known.push(await time(cast.client.email));
      unknown.push(await time(`absent${i}@exemple.fr`));
    }
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
    await resetLimits();
  });

  it('answers the newsletter form the same for a new and a known address', async () => {
    const subscribe = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/website/newsletter',
        remoteAddress: nextIp(),
        payload: { email },
      });
    const first = await subscribe(cast.client.email);
    const again = await subscribe(cast.client.email);
    const fresh = await subscribe('nouvelle.adresse@exemple.fr');
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(fresh.body).toBe(first.body);
  });

  it('logged no password, token or secret', () => {
    expect(logs.lines.length).toBeGreaterThan(20);
    expect(secretLeaks(logs.lines)).toEqual([]);
  });
});
