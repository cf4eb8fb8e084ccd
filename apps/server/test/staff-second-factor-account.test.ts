import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountTokens } from '../src/db/schema/account-tokens';
import { sessions, users } from '../src/db/schema/users';
import { SECOND_FACTOR_ATTEMPTS } from '../src/modules/admin/second-factor-routes';
import { codeAt } from '../src/modules/auth/second-factor/totp';
import { buildTestApp, type TestApp } from './helper';
import { enrol, FACTOR, PASSWORD, post, signIn, staff, STEP_MS } from './staff-factor-helpers';

const ACCOUNT = '/api/v1/website/account';

/*
 * The staff second factor guards the staff account itself (docs/product.md 'Back office'
 * ('Staff sign-in')): with the password alone, the client-area routes that change the account
 * are refused like the back office, and the code counter cannot be spent by someone else.
 */
describe('staff second factor and the staff account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const send = (
    app: FastifyInstance,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: object,
    payload: object = {},
    remoteAddress = '198.51.100.7',
  ) => app.inject({ method, url, headers: { ...headers }, payload, remoteAddress });

  it('refuses every change of a staff account to a session that has not proved the factor', async () => {
    const { email, headers: first } = await staff(t);
    const { secret } = await enrol(t.app, first);
    // Someone who knows the password signs in: the back office asks for the code.
    const thief = await signIn(t.app, email);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    const sessionsBefore = await t.db.$count(sessions, eq(sessions.userId, account!.id));
    const [owned] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, account!.id))
      .limit(1);

    const attempts: Array<[method: 'POST' | 'PATCH' | 'DELETE', url: string, body: object]> = [
      ['POST', `${ACCOUNT}/sessions/end-others`, {}],
      ['DELETE', `${ACCOUNT}/sessions/${owned!.id}`, {}],
      [
        'POST',
        `${ACCOUNT}/password`,
        { current_password: PASSWORD, new_password: 'Voleur-2026-!x' },
      ],
      ['POST', `${ACCOUNT}/email`, { new_email: 'voleur@evil.example', password: PASSWORD }],
      ['PATCH', `${ACCOUNT}/profile`, { first_name: 'Voleur' }],
      ['POST', `${ACCOUNT}/delete`, { password: PASSWORD }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await send(t.app, method, url, thief, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/second facteur|double|code/i);
    }
    // Nothing changed: the sessions, the password, the address, the name.
    expect(await t.db.$count(sessions, eq(sessions.userId, account!.id))).toBe(sessionsBefore);
    const [after] = await t.db.select().from(users).where(eq(users.id, account!.id));
    expect(after).toMatchObject({ email, passwordHash: account!.passwordHash, deletedAt: null });
    expect(after?.firstName).toBe(account!.firstName);
    expect(await t.db.$count(accountTokens, eq(accountTokens.userId, account!.id))).toBe(0);

    // The owner proves the factor in their session: the same change now goes through.
    const owner = await signIn(t.app, email);
    const proved = await post(t.app, `${FACTOR}/verify`, owner, {
      code: codeAt(secret, new Date(Date.now() + STEP_MS)),
    });
    expect(proved.statusCode, proved.body).toBe(200);
    const ended = await send(t.app, 'POST', `${ACCOUNT}/sessions/end-others`, owner);
    expect(ended.statusCode, ended.body).toBe(200);
  });

  it('counts codes per account and source: wrong codes from one place never block the owner', async () => {
    const { email, headers } = await staff(t);
    const { secret } = await enrol(t.app, headers);
    const thief = await signIn(t.app, email);
    const guess = (code: string) =>
      send(t.app, 'POST', `${FACTOR}/verify`, thief, { code }, '203.0.113.66');
    for (let attempt = 0; attempt < SECOND_FACTOR_ATTEMPTS.max; attempt += 1) {
      expect((await guess('000000')).statusCode).toBe(400);
    }
    expect((await guess('000000')).statusCode).toBe(429);

    // The owner, from their own network, gets in with the right code.
    const owner = await signIn(t.app, email);
    const res = await send(
      t.app,
      'POST',
      `${FACTOR}/verify`,
      owner,
      { code: codeAt(secret, new Date(Date.now() + STEP_MS)) },
      '198.51.100.7',
    );
    expect(res.statusCode, res.body).toBe(200);
    const back = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: owner });
    expect(back.statusCode).toBe(200);
    // The guessing source stays blocked, even for the right code.
    const right = codeAt(secret, new Date(Date.now() + STEP_MS));
    expect((await guess(right)).statusCode).toBe(429);
  });
});
