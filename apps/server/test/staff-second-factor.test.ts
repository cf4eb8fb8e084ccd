import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditEntries } from '../src/db/schema/audit';
import { staffSecondFactors } from '../src/db/schema/staff';
import { sessions, users } from '../src/db/schema/users';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { SECOND_FACTOR_ATTEMPTS } from '../src/modules/admin/second-factor-routes';
import { codeAt } from '../src/modules/auth/second-factor/totp';
import { buildTestApp, type TestApp } from './helper';
import { bearerHeaders, signedInClient } from './realtime-helpers';
import { enrol, FACTOR, PASSWORD, post, signIn, staff, STEP_MS } from './staff-factor-helpers';

const adminOrders = (app: FastifyInstance, headers: object) =>
  app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: { ...headers } });

const messageKeyOf = (body: string) => (JSON.parse(body) as { message?: string }).message;

describe('staff second factor, optional (the demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('lets staff in without one until they enrol, then asks for it in every new session', async () => {
    const { email, headers } = await staff(t);
    expect((await adminOrders(t.app, headers)).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: FACTOR, headers });
    expect(status.json()).toMatchObject({ enrolled: false, verified: false, required: false });

    const started = await post(t.app, `${FACTOR}/enrolment`, headers);
    const enrolment = started.json<{ secret: string; otpauth_uri: string; qr_svg: string }>();
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qr_svg).toMatch(/^<svg/);
    // The secret is kept encrypted, never as typed into an app.
    const [stored] = await t.db.select().from(staffSecondFactors);
    expect(stored?.secretCiphertext).not.toContain(enrolment.secret);

    const wrong = await post(t.app, `${FACTOR}/enrolment/confirm`, headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const now = new Date();
    const confirmed = await post(t.app, `${FACTOR}/enrolment/confirm`, headers, {
      code: codeAt(enrolment.secret, now),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // The session that enrolled has proved it.
    expect((await adminOrders(t.app, headers)).statusCode).toBe(200);
    expect((await post(t.app, `${FACTOR}/enrolment`, headers)).statusCode).toBe(409);

    const next = await signIn(t.app, email);
    const refused = await adminOrders(t.app, { ...next, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(messageKeyOf(refused.body)).toContain('authenticator app');
    // The code used for the enrolment does not work twice.
    const replay = await post(t.app, `${FACTOR}/verify`, next, {
      code: codeAt(enrolment.secret, now),
    });
    expect(replay.statusCode).toBe(400);
    const fresh = codeAt(enrolment.secret, new Date(now.getTime() + STEP_MS));
    expect((await post(t.app, `${FACTOR}/verify`, next, { code: fresh })).statusCode).toBe(200);
    expect((await adminOrders(t.app, next)).statusCode).toBe(200);

    // Another session cannot reuse that code either.
    const third = await signIn(t.app, email);
    expect((await post(t.app, `${FACTOR}/verify`, third, { code: fresh })).statusCode).toBe(400);
    expect((await adminOrders(t.app, third)).statusCode).toBe(403);
  });

  it('takes each recovery code once, and writes both events to the audit trail', async () => {
    const { email, headers } = await staff(t);
    const { recoveryCodes } = await enrol(t.app, headers);
    const [first] = recoveryCodes as [string];
    const session = await signIn(t.app, email);
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const used = await post(t.app, `${FACTOR}/verify`, session, { recovery_code: typed });
    expect(used.statusCode).toBe(200);
    expect(messageKeyOf(used.body)).toContain('9');
    expect((await adminOrders(t.app, session)).statusCode).toBe(200);

    const later = await signIn(t.app, email);
    const again = await post(t.app, `${FACTOR}/verify`, later, { recovery_code: first });
    expect(again.statusCode).toBe(400);
    expect((await adminOrders(t.app, later)).statusCode).toBe(403);

    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    const actions = await t.db
      .select({ action: staffAuditEntries.action })
      .from(staffAuditEntries)
      .where(eq(staffAuditEntries.actorId, account?.id ?? ''));
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      'staff.recovery_code_use',
      'staff.second_factor_enrol',
    ]);
  });

  it('stops guessing: after the allowed wrong codes even the right one waits', async () => {
    const { email, headers } = await staff(t);
    const { secret } = await enrol(t.app, headers);
    const session = await signIn(t.app, email);
    // Every attempt counts, the enrolment's confirmation included.
    for (let attempt = 1; attempt < SECOND_FACTOR_ATTEMPTS.max; attempt += 1) {
      const wrong = await post(t.app, `${FACTOR}/verify`, session, { code: '123456' });
      expect(wrong.statusCode).toBe(400);
    }
    const right = codeAt(secret, new Date(Date.now() + STEP_MS));
    const blocked = await post(t.app, `${FACTOR}/verify`, session, { code: right });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await adminOrders(t.app, session)).statusCode).toBe(403);
  });

  it('refuses malformed proofs with a 400, and clients and strangers altogether', async () => {
    const { headers } = await staff(t);
    for (const payload of [{ code: '12345' }, { code: 'abcdef' }, { recovery_code: 'x' }, {}]) {
      const res = await post(t.app, `${FACTOR}/verify`, headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const factors = await t.db.$count(staffSecondFactors);
    const client = bearerHeaders((await signedInClient(t.app)).token);
    expect((await post(t.app, `${FACTOR}/enrolment`, client)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: FACTOR })).statusCode).toBe(401);
    expect(await t.db.$count(staffSecondFactors)).toBe(factors);
  });

  it('keeps staff sessions short and never remembered', async () => {
    const { email } = await staff(t);
    await signIn(t.app, email, true);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    const rows = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, account?.id ?? '')));
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest?.remember).toBe(false);
    const lifetime = (newest?.expiresAt.getTime() ?? 0) - (newest?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(8 * 60 * 60 * 1000);
  });

  it('gives support staff reading and settling, nothing else', async () => {
    const { headers } = await staff(t, 'support');
    expect((await adminOrders(t.app, headers)).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/admin/roadmap', headers });
    expect(read.statusCode).toBe(200);
    const write = await post(t.app, '/api/v1/admin/roadmap', headers, { title: 'Interdit' });
    expect(write.statusCode).toBe(403);
    const code = await post(t.app, '/api/v1/admin/promo-codes', headers, {
      code: 'SUPPORT-10',
      discount: { type: 'percentage', percent: 10 },
    });
    expect(code.statusCode).toBe(403);
    const audit = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers });
    expect(audit.statusCode).toBe(403);
    // Settling is theirs: an unknown order is a 404, not a 403.
    const settle = await post(
      t.app,
      '/api/v1/admin/orders/5b0c3f8e-8d1a-4c53-9a0e-0f6f2f3e9a11/mark-paid',
      headers,
    );
    expect(settle.statusCode).toBe(404);
  });

  it('lets the command line remove a lost authenticator', async () => {
    const { email, headers } = await staff(t);
    await enrol(t.app, headers);
    const result = await createOrPromoteAdmin(t.db, {
      email,
      password: PASSWORD,
      resetSecondFactor: true,
    });
    expect(result).toMatchObject({ action: 'updated', secondFactorReset: true });
    expect(result.sessionsEnded).toBeGreaterThan(0);
    const session = await signIn(t.app, email);
    expect((await adminOrders(t.app, session)).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: FACTOR, headers: session });
    expect(status.json()).toMatchObject({ enrolled: false, recovery_codes_left: 0 });
  });
});

describe('staff second factor, required (as in production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { STAFF_SECOND_FACTOR: 'required' } });
  });
  afterAll(async () => t.close());

  it('keeps staff out of the back office until they enrol', async () => {
    const { headers } = await staff(t);
    const refused = await adminOrders(t.app, headers);
    expect(refused.statusCode).toBe(403);
    expect(messageKeyOf(refused.body)).toContain('application d’authentification');
    const status = await t.app.inject({ method: 'GET', url: FACTOR, headers });
    expect(status.json()).toMatchObject({ enrolled: false, required: true });
    await enrol(t.app, headers);
    expect((await adminOrders(t.app, headers)).statusCode).toBe(200);
  });
});
