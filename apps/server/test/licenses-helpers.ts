import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LicenseInstance, LicenseState, OwnedLicense } from '@cadran/domain/license-api';
import type { Order } from '@cadran/domain/orders';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Database } from '../src/db/client';
import { licenses } from '../src/db/schema/licenses';
import { nextIp } from './auth-helpers';
import type { Buyer } from './orders-helpers';
import { decide, licensesOf, placeWith, sandboxIdOf } from './payments-helpers';

/** Shared requests of the licence suites. */

export const LICENSE_API = '/api/v1/licenses';
export const MY_LICENSES = '/api/v1/website/licenses';

export type LicenseRow = typeof licenses.$inferSelect;

/**
 * Buys `quantity` licences of a template through the store (card, paid on the sandbox page)
 * and answers them, the line's domains on the first.
 */
export async function buyLicences(
  app: FastifyInstance,
  db: Database,
  who: Buyer,
  templateId: number,
  item: Record<string, unknown> = {},
): Promise<{ orderId: string; licences: LicenseRow[] }> {
  const placed = await placeWith(app, who, 'stripe', templateId, { item });
  const paid = await decide(app, who, sandboxIdOf(placed.payment_url), 'pay');
  if (paid.statusCode !== 200) throw new Error(`sandbox: ${paid.statusCode} ${paid.body}`);
  const licences = await licensesOf(db, placed.order.id);
  // The first licence of the line holds its domains.
  licences.sort((a, b) => b.domains.length - a.domains.length);
  return { orderId: placed.order.id, licences };
}

/** A call of the activation API, as an installation makes it: JSON, no cookie, its own address. */
export function callApi(
  app: FastifyInstance,
  action: 'activate' | 'validate' | 'deactivate',
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${LICENSE_API}/${action}`,
    remoteAddress: options.ip ?? nextIp(),
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

export const activation = (key: string, overrides: Record<string, unknown> = {}) => ({
  license_key: key,
  domain: 'atelier-martin.fr',
  instance_name: 'production',
  ...overrides,
});

/**
 * Verifies a licence file against the keys the server publishes, as an installation would at
 * `at` (its `exp` included); throws if it does not verify.
 */
export async function verifyLicenseFile(app: FastifyInstance, file: string, at = new Date()) {
  const jwks = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  const keySet = createLocalJWKSet(jwks.json<JSONWebKeySet>());
  const { payload, protectedHeader } = await jwtVerify(file, keySet, {
    algorithms: ['EdDSA'],
    issuer: app.config.publicUrl,
    typ: 'cadran-license+jwt',
    currentDate: at,
    requiredClaims: ['exp'],
  });
  return { payload, protectedHeader };
}

export const licenceRow = async (db: Database, id: string) =>
  (await db.select().from(licenses).where(eq(licenses.id, id)))[0];

export const setLicence = (db: Database, id: string, values: Partial<LicenseRow>) =>
  db.update(licenses).set(values).where(eq(licenses.id, id));

/** A clock the app reads for licence decisions, moved by the test. */
export { movableClock } from './support/test-clock';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Any answer of the licence routes, as the suites read it. */
export interface LicenceAnswer {
  success: boolean;
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
  valid: boolean;
  status: string;
  instance: LicenseInstance | null;
  license: LicenseState & Partial<OwnedLicense>;
  license_file: string;
  licenses: OwnedLicense[];
  order: Order;
  payment_url: string | null;
  keys: Array<Record<string, string>>;
}

export const answerOf = (res: LightMyRequestResponse): LicenceAnswer => res.json<LicenceAnswer>();
