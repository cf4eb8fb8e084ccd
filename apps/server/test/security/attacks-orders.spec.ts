import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../src/db/schema/orders';
import { createOrPromoteAdmin } from '../../src/modules/admin/admin-accounts';
import { login } from '../auth-helpers';
import { buildTestApp } from '../helper';
import { item, orderBody, orderOf, placeOrder, template } from '../orders-helpers';
import { decide, sandboxIdOf } from '../payments-helpers';
import { changedTables, settledSnapshot } from './db-snapshot';
import { asBuyer, createCast, type Account } from './identities';
import { listRoutes, type RouteInfo } from './route-inventory';
import { rememberSecret, secretLeaks, watchLogs } from './secrets';

/**
 * Attacks on orders (docs/quality.md 'Attacker checks'): reaching another client's order through
 * every order route (IDOR), and paying less by sending amounts (price tampering).
 */

const logs = watchLogs();
const t = await buildTestApp({ logger: logs.logger });
const cast = await createCast(t.app, t.db);
const pro = await template(t.db, 'pro-annually');
afterAll(async () => t.close());

const resetLimits = () => t.db.execute(sql`delete from rate_limits`);

async function newOrder(account: Account, overrides: Record<string, unknown> = {}) {
  await resetLimits();
  const res = await placeOrder(
    t.app,
    asBuyer(t.app, account),
    orderBody([item(pro.id)], overrides),
  );
  expect(res.statusCode, res.body).toBe(201);
  return orderOf(res).order;
}

/**
 * An order with every document an order can have: paid through the sandbox (its invoice),
 * then refunded by staff with its credit note, so each order route has something to show its owner.
 */
async function documentedOrder(account: Account) {
  await resetLimits();
  const res = await placeOrder(
    t.app,
    asBuyer(t.app, account),
    orderBody([item(pro.id)], { payment_method: 'stripe' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const placed = orderOf(res);
  const paid = await decide(t.app, asBuyer(t.app, account), sandboxIdOf(placed.payment_url), 'pay');
  expect(paid.statusCode, paid.body).toBe(200);
  // Refunded by an administrator, as the back office does: the credit note comes with it.
  const refunded = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${placed.order.id}/refund`,
    headers: { authorization: `Bearer ${cast.admin.token}`, 'content-type': 'application/json' },
    payload: { reason: 'Remboursement de contrôle' },
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
  const [creditNote] = refunded.json<{ order: { credit_notes: Array<{ number: string }> } }>().order
    .credit_notes;
  if (!creditNote) throw new Error('no credit note');
  return { ...placed.order, credit_note: creditNote.number };
}

/** Routes naming one order: every route under /orders/ with a path parameter. */
const orderRoutes = (area: 'website' | 'admin'): RouteInfo[] =>
  listRoutes(t.app).filter(
    (route) =>
      route.path.startsWith(`/api/v1/${area}/`) &&
      /\/orders\//.test(route.path) &&
      route.params.length > 0 &&
      route.method !== 'HEAD',
  );

/** Bodies that pass validation, so the ownership check is what answers; `{}` elsewhere. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/v1/website/orders/:id/cancel': { reason: 'Je me suis trompé de formule' },
};

/** The route's address for this order; a credit note's number where the route names one. */
function urlFor(
  route: RouteInfo,
  order: { id: string; order_number: string; credit_note?: string },
): string {
  let url = route.path;
  for (const name of route.params) {
    const number = route.path.includes('/credit-notes/')
      ? (order.credit_note ?? 'AV-2024-00001')
      : order.order_number;
    url = url.replace(`:${name}`, /number/i.test(name) ? number : order.id);
  }
  return url;
}

/** A support staff member, signed in: reads and settles, nothing else. */
async function supportStaff() {
  const email = `support.${Math.random().toString(36).slice(2, 10)}@cadran.fr`;
  const password = 'Cadran-Support-Secret-2024';
  await createOrPromoteAdmin(t.db, { email, password, role: 'support' });
  const res = await login(t.app, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ token: string }>().token;
  rememberSecret(password, token);
  return token;
}

describe('back-office roles, on every staff route', () => {
  /** Every route of the staff API but the second factor's own (it has its own suite). */
  const staffRoutes = () =>
    listRoutes(t.app).filter(
      (route) =>
        route.path.startsWith('/api/v1/admin/') &&
        !route.path.startsWith('/api/v1/admin/second-factor') &&
        route.method !== 'HEAD',
    );
  const ask = (route: RouteInfo, url: string, token: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(route.method === 'GET' ? {} : { payload: { reason: 'Contrôle des rôles' } }),
    });

  it('refuses clients everywhere, and support staff every change but recording a transfer', async () => {
    // A card order: support's one write, recording a transfer, refuses it and changes nothing.
    const order = await newOrder(cast.client, { payment_method: 'stripe' });
    const support = await supportStaff();
    const routes = staffRoutes();
    // The new back-office routes are in the inventory, so this covers them.
    for (const path of ['/api/v1/admin/orders/:id/refund', '/api/v1/admin/customers/:id/lock']) {
      expect(routes.some((route) => route.path === path)).toBe(true);
    }
    const before = await settledSnapshot(t);
    for (const route of routes) {
      const url = route.path
        .replace(':id', route.path.includes('/customers/') ? cast.client.userId : order.id)
        .replace(/:[A-Za-z]+/g, '1');
      const key = `${route.method} ${route.path}`;
      expect((await ask(route, url, cast.client.token)).statusCode, `${key} as a client`).toBe(403);
      const asSupport = await ask(route, url, support);
      if (route.method !== 'GET') {
        // Support settles transfers, sends order e-mails again and answers messages; every
        // other change is for administrators (the whole list: attacks-staff-roles.spec.ts).
        const supportMay =
          route.path.endsWith('/mark-paid') ||
          route.path.endsWith('/resend-mail') ||
          route.path.startsWith('/api/v1/admin/messages/');
        const expected = supportMay ? 'not 403' : 403;
        if (expected === 403) {
          expect(asSupport.statusCode, `${key} as support: ${asSupport.body}`).toBe(403);
        } else {
          expect(asSupport.statusCode, `${key} as support`).not.toBe(403);
        }
      } else if (/^\/api\/v1\/admin\/(orders|customers|dashboard)/.test(route.path)) {
        // Orders, customers and the dashboard are read by support too.
        expect(asSupport.statusCode, `${key} as support`).not.toBe(403);
      }
    }
    await resetLimits();
    // Support's reads change nothing, and its one write (mark-paid) refuses a card order.
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });
});

describe('IDOR: another client’s order, through every order route', () => {
  it('keeps the back-office order routes to administrators (403 for a client)', async () => {
    const order = await newOrder(cast.client);
    const before = await settledSnapshot(t);
    for (const route of orderRoutes('admin')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: urlFor(route, order),
        headers: {
          authorization: `Bearer ${cast.client.token}`,
          'content-type': 'application/json',
        },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.path} as the order's owner`).toBe(403);
    }
    await resetLimits();
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });

  it('answers 404, exactly as for an order that does not exist, and changes nothing', async () => {
    const routes = orderRoutes('website');
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const victimOrder = await documentedOrder(cast.client);
    const ghost = {
      id: '6f1c2f5e-3c1a-4c52-9d55-4a8e0c5b7d11',
      order_number: 'CAD-2024-ZZZZZZZZ',
      credit_note: victimOrder.credit_note,
    };
    const before = await settledSnapshot(t);

    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const payload = route.method === 'GET' ? undefined : (VALID_BODIES[key] ?? {});
      for (const transport of ['cookie', 'bearer'] as const) {
        const headers =
          transport === 'cookie'
            ? asBuyer(t.app, cast.other).headers
            : { authorization: `Bearer ${cast.other.token}`, 'content-type': 'application/json' };
        const ask = (url: string) =>
          t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
          });
        const foreign = await ask(urlFor(route, victimOrder));
        const unknown = await ask(urlFor(route, ghost));
        expect(
          foreign.statusCode,
          `${key} (${transport}) on a foreign order: ${foreign.body}`,
        ).toBe(404);
        expect(foreign.json(), `${key}: foreign and unknown orders must look alike`).toEqual(
          unknown.json(),
        );
        expect(foreign.body).not.toContain(victimOrder.order_number);
        expect(foreign.body).not.toContain(victimOrder.id);
      }
      const anonymous = await t.app.inject({
        method: route.method as 'GET',
        url: urlFor(route, victimOrder),
        headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(anonymous.statusCode, `${key} anonymous`).toBe(401);
    }
    await resetLimits();
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);

    // The owner reaches the same order through the same reads: the ids above were real.
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const res = await t.app.inject({
        url: urlFor(route, victimOrder),
        headers: { authorization: `Bearer ${cast.client.token}` },
      });
      expect(res.statusCode, `${route.path} as the owner`).toBe(200);
    }
  });
});

/** Fields a tampering client adds, at the top of the order or in a line. */
const MONEY_FIELDS = [
  'price',
  'unit_price',
  'total_price',
  'subtotal',
  'setup_fee',
  'renewal_price',
  'amount',
  'total',
  'tax_amount',
  'tax_rate',
  'discount',
  'fees',
] as const;
const moneyValue = fc.constantFrom<unknown>(
  '0.00',
  '0.01',
  0,
  -490,
  '-1000.00',
  1e-9,
  '1e-9',
  null,
  { amount: 0 },
);

const tampering = fc.record({
  top: fc.dictionary(
    fc.constantFrom(
      ...MONEY_FIELDS,
      'currency',
      'status',
      'payment_status',
      'order_number',
      'user_id',
    ),
    moneyValue,
    { maxKeys: 5 },
  ),
  line: fc.dictionary(fc.constantFrom(...MONEY_FIELDS), moneyValue, { maxKeys: 5 }),
  template: fc.dictionary(
    fc.constantFrom('price', 'setup_fee', 'renewal_price', 'id'),
    moneyValue,
    { maxKeys: 3 },
  ),
  customizations: fc.dictionary(
    fc.constantFrom('price', 'extra_domains_price', 'discount'),
    moneyValue,
    { maxKeys: 2 },
  ),
});

describe('price tampering', () => {
  it('ignores every amount, status and owner a client sends', async () => {
    const reference = await newOrder(cast.client);
    await fc.assert(
      fc.asyncProperty(
        tampering,
        async ({ top, line, template: templateFields, customizations }) => {
          await resetLimits();
          const base = item(pro.id);
          const body = orderBody(
            [
              {
                ...base,
                ...line,
                template: { id: pro.id, ...templateFields },
                customizations: { ...base.customizations, ...customizations },
              },
            ],
            { ...top, user_id: cast.other.userId },
          );
          const res = await placeOrder(t.app, asBuyer(t.app, cast.client), body);
          // Refusing the extra fields is as good as ignoring them; taking them into account is not.
          if (res.statusCode !== 201) {
            expect(res.statusCode, res.body).toBeLessThan(500);
            return;
          }
          const { order } = orderOf(res);
          expect(order).toMatchObject({
            subtotal: reference.subtotal,
            tax_amount: reference.tax_amount,
            total: reference.total,
            status: 'pending',
            payment_status: 'unpaid',
          });
          expect(order.order_number).not.toBe(top.order_number);
          const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
          expect(stored).toMatchObject({
            userId: cast.client.userId,
            currency: 'EUR',
            status: 'pending',
          });
          const lines = await t.db
            .select()
            .from(orderItems)
            .where(eq(orderItems.orderId, order.id));
          expect(lines.map((row) => row.unitPriceCents)).toEqual([
            pro.priceCents + pro.setupFeeCents,
          ]);
        },
      ),
      { numRuns: Number(process.env.SECURITY_TAMPER_RUNS ?? 40) },
    );
  });

  it('logged no password, token or secret', () => {
    expect(secretLeaks(logs.lines)).toEqual([]);
  });
});
