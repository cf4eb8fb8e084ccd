import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { staffAuditEntries } from '../src/db/schema/audit';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { login } from './auth-helpers';
import { bearerHeaders, signedInClient } from './realtime-helpers';

/** Staff callers of the back-office suites, and the checks every staff route must pass. */

export const ADMIN_API = '/api/v1/admin';
const PASSWORD = 'Cadran-Staff-2026!';
let count = 0;

export interface Staff {
  email: string;
  token: string;
  /** Bearer headers, as an API script sends them. */
  headers: Record<string, string>;
}

/** A staff member made as the command line makes one, signed in. */
export async function signedInStaff(
  app: FastifyInstance,
  db: Database,
  role: 'admin' | 'support' = 'admin',
): Promise<Staff> {
  count += 1;
  const email = `staff${count}.${role}.${Date.now()}@cadran.fr`;
  await createOrPromoteAdmin(db, { email, password: PASSWORD, role });
  const res = await login(app, { email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { email, token, headers: bearerHeaders(token) };
}

export interface GuardCase {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: object;
  /** Whether support staff may call it too ([S] in the contract). */
  support: boolean;
}

/**
 * A visitor gets 401, a client 403, support 403 unless the route is theirs, and a cross-site
 * request carrying an administrator's cookie 403; none of them changes anything the audit
 * trail would show.
 */
export async function expectStaffGuard(
  app: FastifyInstance,
  db: Database,
  route: GuardCase,
): Promise<void> {
  const admin = await signedInStaff(app, db);
  const support = await signedInStaff(app, db, 'support');
  const client = bearerHeaders((await signedInClient(app)).token);
  const auditBefore = await db.select().from(staffAuditEntries);
  const call = (headers: Record<string, string>) =>
    app.inject({ ...route, headers } as InjectOptions);

  const visitor = await call({});
  expect(visitor.statusCode, `${route.method} ${route.url} visitor`).toBe(401);
  expect(visitor.json()).toMatchObject({ success: false });
  const asClient = await call(client);
  expect(asClient.statusCode, `${route.method} ${route.url} client`).toBe(403);
  expect(asClient.json()).toMatchObject({ success: false, message: 'Action non autorisée' });
  const asSupport = await call(support.headers);
  if (route.support) {
    expect(asSupport.statusCode, `${route.method} ${route.url} support`).not.toBe(403);
  } else {
    expect(asSupport.statusCode, `${route.method} ${route.url} support`).toBe(403);
  }
  if (route.method !== 'GET') {
    const forged = await call({
      cookie: `cadran_session=${admin.token}`,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/json',
    });
    expect(forged.statusCode, `${route.method} ${route.url} cross-site`).toBe(403);
    expect(forged.json()).toMatchObject({ message: 'Requête refusée : origine non autorisée' });
    const auditAfter = await db.select().from(staffAuditEntries);
    const bySupport = auditAfter.filter((entry) => entry.actorEmail === support.email);
    expect(auditAfter.length - bySupport.length).toBe(auditBefore.length);
  }
}

/** The audit entries of one target, oldest first. */
export async function auditOf(db: Database, targetId: string) {
  const rows = await db
    .select()
    .from(staffAuditEntries)
    .where(eq(staffAuditEntries.targetId, targetId));
  return rows.sort((a, b) => a.id - b.id);
}
