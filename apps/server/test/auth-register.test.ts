import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/users';
import { AUTH, cookieNamed, nextIp, register, registration } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';

describe('POST /auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('creates a client account, opens a session and answers user, token and message', async () => {
    const { res, payload, body } = await register(t.app, { email: 'Camille.Martin@Exemple.FR' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body).toEqual({
      success: true,
      user: {
        id: expect.any(String) as string,
        email: 'camille.martin@exemple.fr',
        first_name: 'Camille',
        last_name: 'Martin',
        company: 'Atelier Martin',
        phone: payload.phone,
        address_line_1: '12 rue de la Paix',
        city: 'Paris',
        postal_code: '75002',
        country: 'FR',
        role: 'client',
        // Confirmed only once the mailed link is opened.
        email_verified: false,
        // The language the account was opened in: its e-mails and its client area.
        locale: 'fr',
        // A French company's SIREN, given later on the profile.
        siren: null,
      },
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
      message: 'Compte créé avec succès',
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ email: 'camille.martin@exemple.fr', role: 'client', locale: 'fr' });
    // argon2id with the OWASP parameters; never the password itself.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(payload.password);

    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'));
    expect(stored[0]?.remember).toBe(false);
  });

  it('sets an HttpOnly, SameSite=Lax browser-session cookie and its readable hint', async () => {
    const { res, body } = await register(t.app);
    expect(cookieNamed(res, 'cadran_session')).toEqual({
      name: 'cadran_session',
      value: body.token,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookieNamed(res, 'cadran_signed_in')).toEqual({
      name: 'cadran_signed_in',
      value: '1',
      path: '/',
      sameSite: 'Lax',
    });
  });

  it('answers in English for an English reader and keeps the locale', async () => {
    const { res, body } = await register(t.app, {}, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.json()).toMatchObject({ message: 'Account created successfully' });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.locale).toBe('en');
  });

  it('refuses an e-mail already used, whatever its case, with 409 and changes nothing', async () => {
    const first = await register(t.app, { email: 'duplicate@exemple.fr' });
    expect(first.res.statusCode).toBe(201);
    const before = await t.db.select().from(sessions);

    const again = await register(t.app, { email: 'DUPLICATE@Exemple.fr', firstname: 'Autre' });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toEqual({
      success: false,
      message: 'Un compte existe déjà avec cet e-mail',
      errors: { email: ['Un compte existe déjà avec cet e-mail'] },
    });
    expect(cookieNamed(again.res, 'cadran_session')).toBeUndefined();
    const rows = await t.db.select().from(users).where(eq(users.email, 'duplicate@exemple.fr'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Camille');
    expect(await t.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('stores an empty company as none', async () => {
    const { res, body } = await register(t.app, { company: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { company: null } });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.company).toBeNull();
  });

  it.each([
    [
      'a 7-character password',
      { password: 'Court-7' },
      'password',
      'Le mot de passe doit contenir au moins 8 caractères',
    ],
    [
      'a 129-character password',
      { password: 'x'.repeat(129) },
      'password',
      'Le mot de passe doit contenir au plus 128 caractères',
    ],
    ['a country not offered', { country: 'XX' }, 'country', 'Ce pays n’est pas pris en charge'],
    ['a malformed e-mail', { email: 'pas-un-email' }, 'email', 'Format d’email invalide'],
    ['an empty city', { city: '  ' }, 'city', 'La ville est requise'],
  ])('refuses %s with 400 and a field error', async (_label, overrides, field, message) => {
    const payload = registration(overrides);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/register`,
      remoteAddress: nextIp(),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Certaines données sont invalides',
      errors: { [field]: [message] },
    });
    expect(await t.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
  });

  it('never lets the payload choose the role', async () => {
    const { res, body } = await register(t.app, { role: 'admin' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.role).toBe('client');
  });

  it('refuses a body that is not JSON without creating anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/register`,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.fr&password=12345678',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('replaces the session the browser already had', async () => {
    const first = await register(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/register`,
      remoteAddress: nextIp(),
      headers: { cookie: `cadran_session=${first.body.token}`, origin: t.config.publicUrl },
      payload: registration(),
    });
    expect(second.statusCode).toBe(201);
    const old = await t.db.select().from(sessions).where(eq(sessions.userId, first.body.user.id));
    expect(old).toHaveLength(0);
  });
});

describe('register behind https', () => {
  it('marks the cookies Secure when COOKIE_SECURE is on', async () => {
    const t = await buildTestApp({ env: { COOKIE_SECURE: 'true' }, seed: false });
    try {
      const { res } = await register(t.app);
      expect(cookieNamed(res, 'cadran_session')).toMatchObject({ secure: true, httpOnly: true });
      expect(cookieNamed(res, 'cadran_signed_in')).toMatchObject({ secure: true });
    } finally {
      await t.close();
    }
  });
});
