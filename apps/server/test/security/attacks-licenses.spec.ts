import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LICENSE_API_RATE_LIMIT } from '../../src/modules/licenses/api-routes';
import { buildTestApp } from '../helper';
import { activation, buyLicences, callApi, type LicenceAnswer } from '../licenses-helpers';
import { template } from '../orders-helpers';
import { changedTables, settledSnapshot } from './db-snapshot';
import { asBuyer, createCast } from './identities';
import { listRoutes } from './route-inventory';
import { secretLeaks, watchLogs } from './secrets';

/**
 * Attacks on licences (docs/quality.md 'Attacker checks'): another client's licence through
 * every owner route (IDOR), and keys guessed or forged on the public activation API.
 */

const logs = watchLogs();
const t = await buildTestApp({ logger: logs.logger });
const cast = await createCast(t.app, t.db);
const pro = await template(t.db, 'pro-annually');
afterAll(async () => t.close());

const resetLimits = () => t.db.execute(sql`delete from rate_limits`);

describe('IDOR: another client’s licence, through every licence route', () => {
  it('answers 404, exactly as for a licence that does not exist, and changes nothing', async () => {
    await resetLimits();
    const victim = asBuyer(t.app, cast.client);
    const { licences } = await buyLicences(t.app, t.db, victim, pro.id);
    const licence = licences[0]!;
    const instance = (
      await callApi(t.app, 'activate', activation(licence.licenseKey))
    ).json<LicenceAnswer>().instance as { id: string };
    const routes = listRoutes(t.app).filter(
      (route) =>
        route.path.startsWith('/api/v1/website/licenses/') &&
        route.params.length > 0 &&
        route.method !== 'HEAD',
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/v1/website/licenses/:id/file',
      'GET /api/v1/website/licenses/:id/renew/quote',
      'POST /api/v1/website/licenses/:id/change-plan',
      'POST /api/v1/website/licenses/:id/change-plan/quote',
      'POST /api/v1/website/licenses/:id/instances/:instanceId/deactivate',
      'POST /api/v1/website/licenses/:id/payment-method',
      'POST /api/v1/website/licenses/:id/renew',
      'PUT /api/v1/website/licenses/:id/auto-renew',
      'PUT /api/v1/website/licenses/:id/domains',
    ]);
    const urlOf = (path: string, ids: { id: string; instanceId: string }) =>
      path.replace(':id', ids.id).replace(':instanceId', ids.instanceId);
    const real = { id: licence.id, instanceId: instance.id };
    const ghost = {
      id: '6f1c2f5e-3c1a-4c52-9d55-4a8e0c5b7d11',
      instanceId: '0d7f9a3e-1b2c-4d5e-8f90-123456789abc',
    };
    const before = await settledSnapshot(t);
    for (const route of routes) {
      // A well-formed body, so each route gets as far as asking whose licence it is.
      const payloads: Record<string, object> = {
        renew: { payment_method: 'stripe' },
        domains: { domains: ['pirate.example'] },
        'auto-renew': { enabled: false },
        quote: { template_id: pro.id },
        'change-plan': { template_id: pro.id, payment_method: 'stripe' },
      };
      const payload = payloads[route.path.split('/').pop() ?? ''] ?? {};
      const method = route.method as 'GET' | 'POST' | 'PUT';
      const ask = (url: string) =>
        t.app.inject({
          method,
          url,
          headers: asBuyer(t.app, cast.other).headers,
          ...(method === 'GET' ? {} : { payload }),
        });
      const foreign = await ask(urlOf(route.path, real));
      const unknown = await ask(urlOf(route.path, ghost));
      expect(foreign.statusCode, `${route.path}: ${foreign.body}`).toBe(404);
      expect(foreign.json<LicenceAnswer>()).toEqual(unknown.json<LicenceAnswer>());
      expect(foreign.body).not.toContain(licence.licenseKey);
      const anonymous = await t.app.inject({
        method,
        url: urlOf(route.path, real),
        headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { payload }),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const listed = await t.app.inject({
      url: '/api/v1/website/licenses',
      headers: asBuyer(t.app, cast.other).headers,
    });
    expect(listed.body).not.toContain(licence.licenseKey);
    await resetLimits();
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });
});

describe('the public activation API', () => {
  it('tells a guessed key nothing but license_not_found, then stops answering the address', async () => {
    await resetLimits();
    // Mail of earlier purchases draws and stores their invoice PDF in the background: let it
    // finish first, so the snapshot only sees what the guessing does.
    await t.app.mailer.drain();
    const ip = '203.0.113.9';
    const before = await settledSnapshot(t);
    const codes = new Set<string>();
    let limited = false;
    // The window is a minute of the clock: guessing may cross its end once, so up to two
    // windows' worth of guesses (a full window's after the crossing) must meet the refusal.
    const guesses = 2 * LICENSE_API_RATE_LIMIT.perAddress + 2;
    for (let i = 0; i < guesses && !limited; i += 1) {
      const guess = `CDR-${String(i).padStart(5, '2')}-AAAAA-BBBBB-CCCCC`;
      const res = await callApi(t.app, 'activate', activation(guess), { ip });
      limited = res.statusCode === 429;
      codes.add(res.json<LicenceAnswer>().code as string);
    }
    expect(limited).toBe(true);
    expect([...codes].sort()).toEqual(['license_not_found', 'rate_limited']);
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  });

  it('ignores limits, dates and owners sent with an activation', async () => {
    await resetLimits();
    const { licences } = await buyLicences(t.app, t.db, asBuyer(t.app, cast.client), pro.id);
    const licence = licences[0]!;
    const res = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey, {
        installation_limit: 1000,
        expires_at: '2999-01-01T00:00:00Z',
        status: 'active',
        user_id: cast.other.userId,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<LicenceAnswer>().license).toMatchObject({
      installation_limit: 3,
      expires_at: licence.expiresAt?.toISOString(),
    });
  });

  it('logged no password, token or secret', () => {
    expect(secretLeaks(logs.lines)).toEqual([]);
  });
});
