import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/rate-limits';
import { sessions } from '../src/db/schema/users';
import { hashToken } from '../src/modules/auth/tokens';
import { cookieNamed, login, me, register, sameOrigin, sessionCookie } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

describe('POST /auth/login', () => {
  let t: TestApp;
  let email: string;
  let password: string;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const account = await register(t.app, { email: 'Lea.Dubois@Exemple.fr' });
    email = account.payload.email;
    password = account.payload.password;
    userId = account.body.user.id;
  });
  afterAll(async () => t.close());
  // These cases sign in to one account many times; the limits have their own suite.
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });

  it('signs in with a browser-session cookie by default', async () => {
    const res = await login(t.app, { email, password });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string }>();
    expect(body).toEqual({
      success: true,
      user: expect.objectContaining({
        id: userId,
        email: 'lea.dubois@exemple.fr',
        role: 'client',
      }) as unknown,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
      message: 'Connexion réussie',
    });
    const cookie = cookieNamed(res, 'cadran_session');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();

    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(row?.remember).toBe(false);
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 3);
  });

  it('keeps a remembered session 30 days, cookie included', async () => {
    const res = await login(t.app, { email, password, remember: true });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(cookieNamed(res, 'cadran_session')).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: THIRTY_DAYS_S,
    });
    expect(cookieNamed(res, 'cadran_signed_in')).toMatchObject({ maxAge: THIRTY_DAYS_S });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.remember).toBe(true);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await login(t.app, { email: ' LEA.DUBOIS@EXEMPLE.FR ', password });
    expect(res.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown e-mail the very same answer', async () => {
    const wrongPassword = await login(t.app, { email, password: 'Mauvais-mot-de-passe' });
    const unknownEmail = await login(t.app, { email: 'personne@exemple.fr', password });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'E-mail ou mot de passe incorrect' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(Object.keys(unknownEmail.headers).sort()).toEqual(
      Object.keys(wrongPassword.headers).sort(),
    );
  });

  it('spends comparable time on an unknown e-mail and a wrong password', async () => {
    // Not a benchmark: a floor. Without the dummy argon2 verification an unknown e-mail would
    // answer about 20 times faster than a wrong password, which is what enumeration measures.
    // The two kinds are timed in turn, so a load that comes and goes weighs on both alike.
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    const timed = async (times: number[], payload: Record<string, unknown>) => {
      const start = performance.now();
      await login(t.app, payload);
      times.push(performance.now() - start);
    };
    for (let i = 0; i < 5; i += 1) {
      await timed(wrongTimes, { email, password: 'Mauvais-mot-de-passe' });
      await timed(unknownTimes, { email: 'absent@exemple.fr', password: 'Mauvais-mot-de-passe' });
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[2]!;
    const wrong = median(wrongTimes);
    const unknown = median(unknownTimes);
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });

  it('asks to fill all fields when one is missing', async () => {
    const res = await login(t.app, { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Certaines données sont invalides',
      errors: {
        email: ['Veuillez remplir tous les champs'],
        password: ['Veuillez remplir tous les champs'],
      },
    });
  });

  it('refuses a non-boolean remember and a non-string password', async () => {
    const res = await login(t.app, { email, password: { $ne: '' }, remember: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual([
      'password',
      'remember',
    ]);
  });

  it('rotates: signing in again from the same browser ends its previous session', async () => {
    const first = await login(t.app, { email, password });
    const oldToken = first.json<{ token: string }>().token;

    const second = await login(
      t.app,
      { email, password },
      {
        ...sessionCookie(oldToken),
        ...sameOrigin(t.app),
      },
    );
    expect(second.statusCode).toBe(200);
    const newToken = second.json<{ token: string }>().token;
    expect(newToken).not.toBe(oldToken);

    const oldRows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(oldToken)));
    expect(oldRows).toHaveLength(0);
    expect((await me(t.app, sessionCookie(oldToken))).statusCode).toBe(401);
    expect((await me(t.app, sessionCookie(newToken))).statusCode).toBe(200);
  });

  it('leaves the current session alone after a failed attempt', async () => {
    const first = await login(t.app, { email, password });
    const token = first.json<{ token: string }>().token;
    const failed = await login(
      t.app,
      { email, password: 'pas le bon' },
      {
        ...sessionCookie(token),
        ...sameOrigin(t.app),
      },
    );
    expect(failed.statusCode).toBe(401);
    expect((await me(t.app, sessionCookie(token))).statusCode).toBe(200);
  });
});
