import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { listMail } from '../src/mail/list';
import { nextIp, register, sameOrigin, sessionCookie } from './auth-helpers';

/** Shared requests of the account suites (docs/product.md 'Accounts and sessions'). */

export const ACCOUNT = '/api/v1/website/account';
export const AUTH = '/api/v1/website/auth';

export interface Member {
  userId: string;
  email: string;
  password: string;
  token: string;
  /** What a page of the site sends: the session cookie and a same-origin JSON request. */
  headers: Record<string, string>;
}

export const pageHeaders = (app: FastifyInstance, token: string) => ({
  ...sessionCookie(token),
  ...sameOrigin(app),
});

export async function member(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Member> {
  const { res, payload, body } = await register(app, overrides);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return {
    userId: body.user.id,
    email: body.user.email,
    password: payload.password,
    token: body.token,
    headers: pageHeaders(app, body.token),
  };
}

export const send = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** An anonymous page of the site posting `payload`. */
export const postAnonymous = (app: FastifyInstance, url: string, payload: unknown) =>
  send(app, 'POST', url, sameOrigin(app), payload);

export const me = (app: FastifyInstance, token: string) =>
  send(app, 'GET', `${AUTH}/me`, sessionCookie(token));

/** The mails written to `to`, oldest first, optionally of one kind. */
export const mailsTo = async (db: Database, to: string, kind?: string) =>
  listMail(db, { to, ...(kind ? { kind } : {}) });

/** The token of the latest link to `page` (reset-password, confirm-email) mailed to `to`. */
export async function linkToken(db: Database, to: string, page: string): Promise<string> {
  const mails = await mailsTo(db, to);
  for (const mail of [...mails].reverse()) {
    const match = new RegExp(`/client/${page}\\?token=([^\\s&]+)`).exec(mail.textBody);
    if (match) return decodeURIComponent(match[1] ?? '');
  }
  throw new Error(`no ${page} link mailed to ${to}`);
}

/** Asks for a reset link and runs the job that mails it. */
export async function forgot(app: FastifyInstance, email: string) {
  const res = await postAnonymous(app, `${AUTH}/password/forgot`, { email });
  await app.jobs.drain('account-password-reset');
  return res;
}
