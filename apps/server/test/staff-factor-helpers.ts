import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { codeAt } from '../src/modules/auth/second-factor/totp';
import { login } from './auth-helpers';
import type { TestApp } from './helper';
import { bearerHeaders } from './realtime-helpers';

/** Staff accounts and their second factor, as the staff tests make and use them. */

export const FACTOR = '/api/v1/admin/second-factor';
export const PASSWORD = 'Cadran-Staff-2026!';
export const STEP_MS = 30_000;

let staffCount = 0;

/** A staff account made as the command line makes one, signed in: its bearer headers. */
export async function staff(t: TestApp, role: 'admin' | 'support' = 'admin') {
  staffCount += 1;
  const email = `staff${staffCount}.${role}@cadran.fr`;
  await createOrPromoteAdmin(t.db, { email, password: PASSWORD, role });
  return { email, headers: await signIn(t.app, email) };
}

export async function signIn(app: FastifyInstance, email: string, remember = false) {
  const res = await login(app, { email, password: PASSWORD, remember });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return bearerHeaders(res.json<{ token: string }>().token);
}

export const post = (app: FastifyInstance, url: string, headers: object, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { ...headers }, payload });

/** Enrols an authenticator for the signed-in staff member: its secret and recovery codes. */
export async function enrol(app: FastifyInstance, headers: object) {
  const started = await post(app, `${FACTOR}/enrolment`, headers);
  expect(started.statusCode).toBe(201);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await post(app, `${FACTOR}/enrolment/confirm`, headers, {
    code: codeAt(secret, new Date()),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}
