import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { staffAuditEntries } from '../src/db/schema/audit';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { login } from './auth-helpers';
import { bearerHeaders } from './realtime-helpers';

/** Shared requests of the back-office suites (docs/product.md 'Back office'). */

export const ADMIN = '/api/v1/admin';

/** The seller's bank account, so the shop takes transfers (the staff suites record them). */
export const BANK_ENV = {
  BANK_IBAN: 'FR76 3000 6000 0112 3456 7890 189',
  BANK_BIC: 'AGRIFRPP',
  BANK_HOLDER: 'Cadran SAS',
} as const;
const PASSWORD = 'Cadran-Staff-2026!';
let staffCount = 0;

/** A staff member made as the command line makes one, signed in; bearer and cookie headers. */
export async function signedInStaff(
  app: FastifyInstance,
  db: Database,
  role: 'admin' | 'support' = 'admin',
) {
  staffCount += 1;
  const email = `staff${staffCount}.${Date.now()}.${role}@cadran.fr`;
  const { userId } = await createOrPromoteAdmin(db, { email, password: PASSWORD, role });
  const res = await login(app, { email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return {
    id: userId,
    email,
    headers: bearerHeaders(token),
    /** What a page of the site sends: the session cookie, our origin, JSON. */
    cookie: {
      cookie: `cadran_session=${token}`,
      origin: app.config.publicUrl,
      'content-type': 'application/json',
    },
  };
}

export const adminPost = (
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  payload: unknown = {},
) =>
  app.inject({
    method: 'POST',
    url: `${ADMIN}${url}`,
    headers,
    payload: payload as Record<string, unknown>,
  });

export const adminGet = (app: FastifyInstance, url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${ADMIN}${url}`, headers });

/** The audit entries of one target, oldest first. */
export const auditOf = (db: Database, targetId: string) =>
  db
    .select()
    .from(staffAuditEntries)
    .where(eq(staffAuditEntries.targetId, targetId))
    .orderBy(asc(staffAuditEntries.id));

/** The delivered e-mails (.eml files of the outbox) that contain `text`. */
export async function outboxMails(outboxDir: string, text: string): Promise<string[]> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.map((name) => readFile(path.join(outboxDir, name), 'utf8')),
  );
  return mails.filter((mail) => mail.includes(text));
}
