import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/users';
import { CSRF_EXEMPT_PATHS, isCsrfExempt } from '../src/plugins/csrf';
import { hashToken } from '../src/modules/auth/tokens';
import { AUTH, bearer, login, register, sessionCookie } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';

const REFUSED = { success: false, message: 'Requête refusée : origine non autorisée' };
const PAYMENTS = '/api/v1/website/payments';

/**
 * Paths next to the real webhooks, each registered as a route that would accept the write, so
 * only the guard stands between a forged request and the handler. The first matched the former
 * exemption pattern (any lowercase provider name, an optional trailing slash).
 */
const LOOK_ALIKES = [
  `${PAYMENTS}/testpay/webhook`,
  `${PAYMENTS}/paypal/webhook/`,
  `${PAYMENTS}/stripe-evil/webhook`,
  `${PAYMENTS}/stripe/webhook-evil`,
  `${PAYMENTS}/stripe/webhook/x`,
  `${PAYMENTS}/sandbox/webhook`,
];

describe('CSRF guard on cookie-authenticated writes', () => {
  let t: TestApp;
  let token: string;
  const lookAlikeHits: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { PUBLIC_URL: 'https://www.cadran.test' },
      beforeReady: (app) => {
        for (const path of LOOK_ALIKES) {
          app.post(path, (request) => {
            lookAlikeHits.push(request.url);
            return { success: true };
          });
        }
        app.post('/api/test/write', () => ({ success: true }));
      },
    });
    token = (await register(t.app)).body.token;
  });
  afterAll(async () => t.close());

  const logout = (headers: Record<string, string>, payload: string | object = {}) =>
    t.app.inject({ method: 'POST', url: `${AUTH}/logout`, headers, payload });
  const stillSignedIn = async () =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    ).length === 1;

  it('refuses a cross-origin POST that carries the session cookie, and changes nothing', async () => {
    const res = await logout({
      ...sessionCookie(token),
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await stillSignedIn()).toBe(true);
  });

  it.each([
    ['no Origin and no Sec-Fetch-Site', { 'content-type': 'application/json' }],
    [
      'a same-site (sibling subdomain) fetch',
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' },
    ],
    ['an Origin of null', { 'content-type': 'application/json', origin: 'null' }],
    [
      'a look-alike origin',
      { 'content-type': 'application/json', origin: 'https://www.cadran.test.evil.example' },
    ],
    [
      'the right origin over http',
      { 'content-type': 'application/json', origin: 'http://www.cadran.test' },
    ],
  ])('refuses %s', async (_label, headers) => {
    const res = await logout({ ...sessionCookie(token), ...headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses a form-like content type even from our own origin', async () => {
    const res = await logout(
      { ...sessionCookie(token), origin: 'https://www.cadran.test', 'content-type': 'text/plain' },
      '{}',
    );
    expect(res.statusCode).toBe(403);
    expect(await stillSignedIn()).toBe(true);
  });

  it('lets our own pages through: Origin of PUBLIC_URL, or Sec-Fetch-Site same-origin', async () => {
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { ...sessionCookie(token), origin: 'https://www.cadran.test' },
      payload: {},
    });
    expect(byOrigin.statusCode).toBe(200);
    const byFetchMetadata = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { ...sessionCookie(token), 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(byFetchMetadata.statusCode).toBe(200);
  });

  it('accepts the origin the request itself was addressed to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: {
        ...sessionCookie(token),
        host: 'boutique.cadran.test:8443',
        origin: 'http://boutique.cadran.test:8443',
      },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });

  it('does not guard reads, bearer-only calls or anonymous calls', async () => {
    const read = await t.app.inject({
      url: `${AUTH}/me`,
      headers: { ...sessionCookie(token), origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const bearerOnly = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { ...bearer(token), origin: 'https://evil.example' },
      payload: {},
    });
    expect(bearerOnly.statusCode).toBe(200);
    const anonymous = await login(
      t.app,
      { email: 'x@exemple.fr', password: 'whatever1' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(anonymous.statusCode).toBe(401);
  });

  const forged = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...sessionCookie(token),
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: { id: 'evt_1' },
    });

  it('exempts exactly the payment webhooks and the one-click unsubscribe, which never act on the session', async () => {
    // What each route answers once through the guard: no payment provider is configured here,
    // and a POST without its signed token unsubscribes nobody.
    const answers: Record<string, number> = {
      [`${PAYMENTS}/paypal/webhook`]: 404,
      [`${PAYMENTS}/stripe/webhook`]: 404,
      '/api/v1/website/release-mail/unsubscribe': 400,
    };
    expect([...CSRF_EXEMPT_PATHS].sort()).toEqual(Object.keys(answers).sort());
    for (const path of CSRF_EXEMPT_PATHS) {
      expect(t.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
      for (const url of [path, `${path}?attempt=2`]) {
        const res = await forged(url);
        expect(res.json(), url).not.toEqual(REFUSED);
        expect(res.statusCode, url).toBe(answers[path]);
      }
    }
  });

  it.each(LOOK_ALIKES)('guards the look-alike path %s like any other write', async (path) => {
    const res = await forged(path);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(lookAlikeHits).toEqual([]);
  });

  it.each([
    `${PAYMENTS}//stripe/webhook`,
    `${PAYMENTS}/%73tripe/webhook`,
    `${PAYMENTS.toUpperCase()}/STRIPE/WEBHOOK`,
    `${PAYMENTS}/paypal/webhook;x=1`,
    `${PAYMENTS}/paypal/webhook%00`,
    `${PAYMENTS}/paypal/webhook/../../x`,
    `${PAYMENTS}/webhooks/stripe/../x`,
  ])('guards %s, spelled differently from the webhook', async (url) => {
    const res = await forged(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
  });

  it('compares the path as sent: dot segments do not make a webhook path', () => {
    expect(isCsrfExempt(`${PAYMENTS}/stripe/webhook`)).toBe(true);
    expect(isCsrfExempt(`${PAYMENTS}/stripe/webhook?x=/stripe/webhook`)).toBe(true);
    for (const raw of [
      `${PAYMENTS}/stripe/../stripe/webhook`,
      `${PAYMENTS}/stripe/./webhook`,
      `${PAYMENTS}/x/../paypal/webhook`,
      `/x?${PAYMENTS}/stripe/webhook`,
      `${PAYMENTS}/stripe/webhook#`,
      '',
    ]) {
      expect(isCsrfExempt(raw), raw).toBe(false);
    }
  });

  it('signs out when the request is genuinely ours', async () => {
    const res = await logout({
      ...sessionCookie(token),
      origin: 'https://www.cadran.test',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.statusCode).toBe(200);
    expect(await stillSignedIn()).toBe(false);
  });
});
