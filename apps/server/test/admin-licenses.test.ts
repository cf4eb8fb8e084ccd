import {
  StaffLicenseChangedSchema,
  StaffLicensesResponseSchema,
} from '@cadran/domain/staff-licenses';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { licenseInstances } from '../src/db/schema/licenses';
import {
  activation,
  buyLicences,
  callApi,
  licenceRow,
  type LicenceAnswer,
} from './licenses-helpers';
import { shopSuite } from './orders-helpers';
import { ADMIN_API, auditOf, expectStaffGuard, signedInStaff } from './staff-guard-helpers';

/**
 * Licences in the back office (docs/product.md 'Back office' ('Licences')): what staff change
 * is what the activation API answers from the very next call, the validate answer kept in
 * memory included.
 */

const t = shopSuite();
const UNKNOWN = '5b0c3f8e-8d1a-4c53-9a0e-0f6f2f3e9a11';

async function activeLicence() {
  const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
  const [licence] = licences;
  if (!licence) throw new Error('no licence issued');
  const activated = await callApi(t.app, 'activate', activation(licence.licenseKey));
  expect(activated.statusCode).toBe(201);
  return { licence, instanceId: activated.json<LicenceAnswer>().instance!.id };
}

const validate = async (key: string, instanceId?: string) =>
  (
    await callApi(t.app, 'validate', {
      license_key: key,
      ...(instanceId ? { instance_id: instanceId } : {}),
    })
  ).json<LicenceAnswer>();

const post = async (url: string, payload: object = {}, lang = 'fr') => {
  const admin = await signedInStaff(t.app, t.db);
  return t.app.inject({
    method: 'POST',
    url: `${ADMIN_API}${url}`,
    headers: { ...admin.headers, 'accept-language': lang },
    payload,
  });
};

describe('staff licence changes', () => {
  it('suspends: validate, already answered from memory, says suspended at once; activate refuses', async () => {
    const { licence, instanceId } = await activeLicence();
    // The answer is now kept in this process's memory for a few seconds.
    expect((await validate(licence.licenseKey, instanceId)).valid).toBe(true);
    const res = await post(`/licenses/${licence.id}/suspend`, { reason: '  Impayé  ' });
    expect(res.statusCode).toBe(200);
    const body = StaffLicenseChangedSchema.parse(res.json());
    expect(body.license).toMatchObject({ status: 'suspended', state_reason: 'Impayé' });
    expect(body.message).toBe('Licence suspendue');
    const after = await validate(licence.licenseKey, instanceId);
    expect(after).toMatchObject({ valid: false, status: 'suspended' });
    const again = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey, { instance_name: 'staging' }),
    );
    expect(again.json()).toMatchObject({ code: 'license_suspended' });
    expect((await licenceRow(t.db, licence.id))?.state).toBe('suspended');

    const reinstated = await post(`/licenses/${licence.id}/reinstate`);
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json()).toMatchObject({ license: { status: 'active', state_reason: null } });
    expect((await validate(licence.licenseKey, instanceId)).valid).toBe(true);

    const audit = await auditOf(t.db, licence.id);
    expect(audit.map((entry) => entry.action)).toEqual(['license.suspend', 'license.reinstate']);
    expect(audit[0]?.before).toMatchObject({ status: 'active', state: 'active' });
    expect(audit[0]?.after).toMatchObject({ status: 'suspended', reason: 'Impayé' });
  });

  it('revokes for good: validate says revoked, and nothing brings it back (409)', async () => {
    const { licence } = await activeLicence();
    expect((await validate(licence.licenseKey)).valid).toBe(true);
    const res = await post(`/licenses/${licence.id}/revoke`, { reason: 'Fraude' });
    expect(res.statusCode).toBe(200);
    expect(await validate(licence.licenseKey)).toMatchObject({ valid: false, status: 'revoked' });
    for (const [action, payload] of [
      ['reinstate', {}],
      ['suspend', { reason: 'x' }],
      ['revoke', { reason: 'x' }],
      ['extend', { until: '2099-01-01' }],
    ] as const) {
      const refused = await post(`/licenses/${licence.id}/${action}`, payload, 'en');
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        message: 'This licence is revoked: revocation is final',
      });
    }
    expect((await auditOf(t.db, licence.id)).map((entry) => entry.action)).toEqual([
      'license.revoke',
    ]);
  });

  it('extends the expiry to a later date only, and validate shows the new date', async () => {
    const { licence } = await activeLicence();
    expect((await validate(licence.licenseKey)).license.expires_at).toBe(
      licence.expiresAt?.toISOString(),
    );
    const earlier = await post(`/licenses/${licence.id}/extend`, { until: '2020-01-01' }, 'en');
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json()).toMatchObject({
      message: 'The new expiry must be later than the current one',
      errors: { until: ['The new expiry must be later than the current one'] },
    });
    const res = await post(`/licenses/${licence.id}/extend`, { until: '2099-06-30' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ license: { expires_at: '2099-06-30T00:00:00.000Z' } });
    expect((await validate(licence.licenseKey)).license.expires_at).toBe(
      '2099-06-30T00:00:00.000Z',
    );
    const [entry] = await auditOf(t.db, licence.id);
    expect(entry).toMatchObject({ action: 'license.extend' });
    expect(entry?.before).toMatchObject({ expires_at: licence.expiresAt?.toISOString() });
  });

  it('frees an installation as its owner can; the installation is no longer valid', async () => {
    const { licence, instanceId } = await activeLicence();
    expect((await validate(licence.licenseKey, instanceId)).valid).toBe(true);
    const res = await post(`/licenses/${licence.id}/instances/${instanceId}/deactivate`);
    expect(res.statusCode).toBe(200);
    const body = StaffLicenseChangedSchema.parse(res.json());
    expect(body.license.active_instances).toBe(0);
    expect(body.license.instances[0]).toMatchObject({ id: instanceId });
    expect(body.license.instances[0]?.deactivated_at).not.toBeNull();
    expect(await validate(licence.licenseKey, instanceId)).toMatchObject({
      valid: false,
      instance: null,
    });
    const active = await t.db
      .select()
      .from(licenseInstances)
      .where(
        and(eq(licenseInstances.licenseId, licence.id), isNull(licenseInstances.deactivatedAt)),
      );
    expect(active).toEqual([]);
    const twice = await post(`/licenses/${licence.id}/instances/${instanceId}/deactivate`);
    expect(twice.statusCode).toBe(404);
  });

  it('refuses a suspension without a reason (400, French and English) and changes nothing', async () => {
    const { licence } = await activeLicence();
    const fr = await post(`/licenses/${licence.id}/suspend`, { reason: '   ' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toMatchObject({ errors: { reason: ['Indiquez la raison'] } });
    const en = await post(`/licenses/${licence.id}/suspend`, {}, 'en');
    expect(en.json()).toMatchObject({ errors: { reason: ['Give the reason'] } });
    const badDate = await post(`/licenses/${licence.id}/extend`, { until: 'demain' });
    expect(badDate.statusCode).toBe(400);
    expect((await licenceRow(t.db, licence.id))?.state).toBe('active');
    expect(await auditOf(t.db, licence.id)).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [UNKNOWN, 'pas-un-id']) {
      expect((await post(`/licenses/${id}/suspend`, { reason: 'x' })).statusCode).toBe(404);
      expect((await post(`/licenses/${id}/instances/${UNKNOWN}/deactivate`)).statusCode).toBe(404);
      const admin = await signedInStaff(t.app, t.db, 'support');
      const read = await t.app.inject({
        url: `${ADMIN_API}/licenses/${id}`,
        headers: admin.headers,
      });
      expect(read.statusCode).toBe(404);
    }
  });
});

describe('staff licence reads', () => {
  it('lists licences with status, customer and search; support may read', async () => {
    const { licence } = await activeLicence();
    const support = await signedInStaff(t.app, t.db, 'support');
    const get = (query: string) =>
      t.app.inject({ url: `${ADMIN_API}/licenses?${query}`, headers: support.headers });
    const all = await get('limit=100');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const list = StaffLicensesResponseSchema.parse(all.json());
    expect(list).toMatchObject({ limit: 100, offset: 0 });
    expect(list.items.some((item) => item.id === licence.id)).toBe(true);
    const byKey = StaffLicensesResponseSchema.parse((await get(`q=${licence.licenseKey}`)).json());
    expect(byKey.items.map((item) => item.id)).toEqual([licence.id]);
    expect(byKey.items[0]?.customer.email).toBe(t.alice.email);
    const byMail = StaffLicensesResponseSchema.parse(
      (await get(`q=${t.alice.email}&limit=1`)).json(),
    );
    expect(byMail.total).toBeGreaterThan(1);
    expect(byMail.items).toHaveLength(1);
    await post(`/licenses/${licence.id}/suspend`, { reason: 'Contrôle' });
    const suspended = StaffLicensesResponseSchema.parse((await get('status=suspended')).json());
    expect(suspended.items.map((item) => item.id)).toContain(licence.id);
    const active = StaffLicensesResponseSchema.parse((await get('status=active&limit=100')).json());
    expect(active.items.map((item) => item.id)).not.toContain(licence.id);
    const detail = await t.app.inject({
      url: `${ADMIN_API}/licenses/${licence.id}`,
      headers: support.headers,
    });
    expect(detail.json()).toMatchObject({
      license: {
        id: licence.id,
        order: { id: licence.orderId },
        instances: [{ domain: 'atelier-martin.fr' }],
      },
    });
    expect((await get('sort=-expires_at')).statusCode).toBe(200);
    const badSort = await get('sort=license_key');
    expect(badSort.statusCode).toBe(400);
    expect((await get('limit=101')).statusCode).toBe(400);
  });

  it('keeps visitors, clients, support (on changes) and other sites out', async () => {
    const { licence, instanceId } = await activeLicence();
    const base = `${ADMIN_API}/licenses/${licence.id}`;
    const routes = [
      { method: 'GET' as const, url: `${ADMIN_API}/licenses`, support: true },
      { method: 'GET' as const, url: base, support: true },
      { method: 'POST' as const, url: `${base}/suspend`, payload: { reason: 'x' }, support: false },
      { method: 'POST' as const, url: `${base}/reinstate`, payload: {}, support: false },
      { method: 'POST' as const, url: `${base}/revoke`, payload: { reason: 'x' }, support: false },
      {
        method: 'POST' as const,
        url: `${base}/extend`,
        payload: { until: '2099-01-01' },
        support: false,
      },
      {
        method: 'POST' as const,
        url: `${base}/instances/${instanceId}/deactivate`,
        support: false,
      },
    ];
    for (const route of routes) await expectStaffGuard(t.app, t.db, route);
    expect((await licenceRow(t.db, licence.id))?.state).toBe('active');
    expect(await auditOf(t.db, licence.id)).toEqual([]);
  });
});

describe('a second server process on the same database', () => {
  it('drops its own validate answer when staff suspend the licence elsewhere', async () => {
    const other = await buildApp({ config: t.config, db: t.db });
    await other.ready();
    try {
      const { licence } = await activeLicence();
      const ask = async () =>
        (
          await callApi(other, 'validate', { license_key: licence.licenseKey })
        ).json<LicenceAnswer>();
      // The other process now holds a "valid" answer in its memory.
      expect(await ask()).toMatchObject({ valid: true, status: 'active' });
      expect((await post(`/licenses/${licence.id}/suspend`, { reason: 'Impayé' })).statusCode).toBe(
        200,
      );
      await expect.poll(async () => (await ask()).status, { timeout: 2000 }).toBe('suspended');
    } finally {
      await other.close();
    }
  });
});
