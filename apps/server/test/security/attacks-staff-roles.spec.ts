import { afterAll, describe, expect, it } from 'vitest';
import { changedTables, settledSnapshot } from './db-snapshot';
import { buildTestApp } from '../helper';
import { signedInStaff } from '../staff-guard-helpers';
import { createCast } from './identities';
import { listRoutes, type RouteInfo } from './route-inventory';
import { rememberSecret, secretLeaks, watchLogs } from './secrets';

/**
 * Who reaches the back office (docs/product.md 'Back office'): every route under
 * /api/v1/admin, found in the app's own route tree so a new one is covered at once, refuses
 * a visitor (401) and a client (403); support staff reach exactly the routes listed here,
 * so a new staff route is for administrators unless it is added on purpose.
 */

const SUPPORT_ROUTES = new Set([
  'GET /api/v1/admin/orders',
  'GET /api/v1/admin/orders/export.csv',
  'GET /api/v1/admin/orders/:id',
  'GET /api/v1/admin/orders/:id/invoice',
  'GET /api/v1/admin/orders/:id/credit-notes/:number',
  'POST /api/v1/admin/orders/:id/mark-paid',
  // Support answers "I never got the e-mail" too; the message goes to the account's address.
  'POST /api/v1/admin/orders/:id/resend-mail',
  'GET /api/v1/admin/customers',
  'GET /api/v1/admin/customers/:id',
  'GET /api/v1/admin/dashboard',
  'GET /api/v1/admin/promo-codes',
  'GET /api/v1/admin/roadmap',
  'GET /api/v1/admin/licenses',
  'GET /api/v1/admin/licenses/:id',
  'GET /api/v1/admin/templates',
  'GET /api/v1/admin/messages',
  'GET /api/v1/admin/messages/:id',
  'PATCH /api/v1/admin/messages/:id',
  'POST /api/v1/admin/messages/:id/reply',
  // Read only: what is published and what renews, to answer a customer.
  'GET /api/v1/admin/releases',
  'GET /api/v1/admin/releases/:id',
  'GET /api/v1/admin/renewals',
]);

const logs = watchLogs();
const t = await buildTestApp({ logger: logs.logger });
rememberSecret(t.config.sessionSecret);
const cast = await createCast(t.app, t.db);
const support = await signedInStaff(t.app, t.db, 'support');
rememberSecret(support.token);
afterAll(async () => t.close());

const staffRoutes = listRoutes(t.app).filter(
  (route) =>
    route.path.startsWith('/api/v1/admin/') &&
    !route.path.startsWith('/api/v1/admin/second-factor') &&
    route.method !== 'HEAD',
);
const UNKNOWN = '5b0c3f8e-8d1a-4c53-9a0e-0f6f2f3e9a11';
const concrete = (route: RouteInfo) =>
  route.params.reduce((url, name) => url.replace(`:${name}`, UNKNOWN), route.path);
const call = (route: RouteInfo, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'GET',
    url: concrete(route),
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

describe('staff roles on every back-office route', () => {
  it('finds the staff routes, the catalogue, licence and message ones included', () => {
    const names = staffRoutes.map((route) => `${route.method} ${route.path}`);
    expect(names).toContain('POST /api/v1/admin/licenses/:id/revoke');
    expect(names).toContain('PATCH /api/v1/admin/templates/:id');
    expect(names).toContain('GET /api/v1/admin/newsletter/export.csv');
    for (const name of SUPPORT_ROUTES) expect(names).toContain(name);
  });

  it('refuses visitors with 401 and clients with 403, changing nothing', async () => {
    const before = await settledSnapshot(t);
    for (const route of staffRoutes) {
      const name = `${route.method} ${route.path}`;
      expect((await call(route, {})).statusCode, `${name} visitor`).toBe(401);
      const client = await call(route, { authorization: `Bearer ${cast.client.token}` });
      expect(client.statusCode, `${name} client`).toBe(403);
    }
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });

  it('lets support staff reach their routes only', async () => {
    const before = await settledSnapshot(t);
    for (const route of staffRoutes) {
      const name = `${route.method} ${route.path}`;
      const res = await call(route, support.headers);
      if (SUPPORT_ROUTES.has(name)) expect(res.statusCode, name).not.toBe(403);
      else expect(res.statusCode, name).toBe(403);
    }
    // Unknown ids and empty bodies: nothing support did changed anything either.
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });

  it('logged no password, token or secret', () => {
    expect(secretLeaks(logs.lines)).toEqual([]);
  });
});
