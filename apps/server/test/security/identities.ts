import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { users } from '../../src/db/schema/users';
import { createOrPromoteAdmin } from '../../src/modules/admin/admin-accounts';
import { AuthRepository } from '../../src/modules/auth/repository';
import { absoluteExpiry } from '../../src/modules/auth/session-policy';
import { generateToken, hashToken } from '../../src/modules/auth/tokens';
import { login, nextIp, register, sameOrigin, sessionCookie } from '../auth-helpers';
import type { Buyer } from '../orders-helpers';
import type { Identity, Transport } from './request-case';
import { rememberSecret } from './secrets';

/**
 * The callers of the attack suites: anonymous, two clients (one to own things, one to try to
 * reach them) and an administrator. A generated request may end a session (logout, a login
 * that rotates it); `ensureSession` opens a fresh one so the next request is still signed in.
 */

export interface Account {
  userId: string;
  email: string;
  password: string;
  token: string;
}

export interface Cast {
  client: Account;
  other: Account;
  admin: Account;
}

async function registered(app: FastifyInstance): Promise<Account> {
  const { res, payload, body } = await register(app);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  rememberSecret(payload.password, body.token);
  return {
    userId: body.user.id,
    email: payload.email,
    password: payload.password,
    token: body.token,
  };
}

export async function createCast(app: FastifyInstance, db: Database): Promise<Cast> {
  const client = await registered(app);
  const other = await registered(app);
  const email = `admin.${Math.random().toString(36).slice(2, 10)}@cadran.fr`;
  const password = 'Cadran-Admin-Secret-2024';
  const created = await createOrPromoteAdmin(db, { email, password });
  const res = await login(app, { email, password });
  if (res.statusCode !== 200) throw new Error(`admin login: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  rememberSecret(password, token);
  return { client, other, admin: { userId: created.userId, email, password, token } };
}

export function accountOf(cast: Cast, identity: Identity): Account | undefined {
  if (identity === 'client') return cast.client;
  if (identity === 'admin') return cast.admin;
  return undefined;
}

/** What a browser page of ours (cookie) or an API script (bearer) sends to be signed in. */
export function authHeaders(
  app: FastifyInstance,
  account: Account | undefined,
  transport: Transport,
): Record<string, string> {
  if (!account) return {};
  if (transport === 'bearer') return { authorization: `Bearer ${account.token}` };
  return { cookie: `cadran_session=${account.token}`, origin: app.config.publicUrl };
}

/** A cast member as the order helpers take a buyer: signed in from a page of `app`'s own origin. */
export const asBuyer = (app: FastifyInstance, account: Account): Buyer => ({
  token: account.token,
  userId: account.userId,
  email: account.email,
  headers: { ...sessionCookie(account.token), ...sameOrigin(app) },
});

/**
 * Reopens a session for `account` when the last request closed it, unlocking the account
 * first if an administrator's request locked it (docs/product.md 'Back office').
 */
export async function ensureSession(
  app: FastifyInstance,
  db: Database,
  account: Account,
): Promise<void> {
  await db
    .update(users)
    .set({ lockedAt: null, lockReason: null })
    .where(and(eq(users.id, account.userId), isNotNull(users.lockedAt)));
  if (await app.authService.authenticate(account.token)) return;
  const token = generateToken();
  const now = new Date();
  await new AuthRepository(db).insertSession({
    tokenHash: hashToken(token),
    userId: account.userId,
    remember: false,
    now,
    expiresAt: absoluteExpiry(false, now),
  });
  rememberSecret(token);
  account.token = token;
}

export { nextIp };
