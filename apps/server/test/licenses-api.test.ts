import { and, eq, isNull } from 'drizzle-orm';
import { CompactSign, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { licenseInstances } from '../src/db/schema/licenses';
import { LICENSE_API_RATE_LIMIT } from '../src/modules/licenses/api-routes';
import {
  activation,
  buyLicences,
  callApi,
  DAY_MS,
  licenceRow,
  movableClock,
  setLicence,
  verifyLicenseFile,
} from './licenses-helpers';
import type { LicenceAnswer } from './licenses-helpers';
import { shopSuite } from './orders-helpers';

/**
 * The activation API (docs/product.md 'Licences' ('Activation API')) as an installation calls
 * it: every refusal code, the limits under concurrency, the signed licence file checked with
 * the published key, and the statuses a moved clock gives.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

const activeRows = (licenseId: string) =>
  t.db
    .select()
    .from(licenseInstances)
    .where(and(eq(licenseInstances.licenseId, licenseId), isNull(licenseInstances.deactivatedAt)));

async function proLicence(item: Record<string, unknown> = {}) {
  const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id, item);
  const [licence] = licences;
  if (!licence) throw new Error('no licence issued');
  return licence;
}

describe('activating an installation', () => {
  it('answers 201 with the instance, the licence state and a licence file the published key verifies', async () => {
    clock.set(new Date());
    const licence = await proLicence();
    // Scheme, www. and case do not make another domain.
    const res = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey.toLowerCase(), { domain: 'https://www.Atelier-Martin.fr/' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<LicenceAnswer>();
    expect(body.instance).toMatchObject({ domain: 'atelier-martin.fr', name: 'production' });
    expect(body.license).toMatchObject({
      key: licence.licenseKey,
      status: 'active',
      domains: ['atelier-martin.fr'],
      domain_limit: 3,
      installation_limit: 3,
      active_instances: 1,
      expires_at: licence.expiresAt?.toISOString(),
      updates_until: licence.expiresAt?.toISOString(),
      template: { id: t.pro.id, billing_cycle: 'annually' },
    });
    const { payload, protectedHeader } = await verifyLicenseFile(t.app, body.license_file);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'cadran-license+jwt' });
    expect(typeof protectedHeader.kid).toBe('string');
    expect(payload).toMatchObject({
      sub: licence.licenseKey,
      valid: true,
      license: body.license,
      instance: body.instance,
    });
    expect(payload.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(await activeRows(licence.id)).toHaveLength(1);
  });

  it('refuses a tampered licence file and one signed by another key', async () => {
    const licence = await proLicence();
    const res = await callApi(t.app, 'validate', { license_key: licence.licenseKey });
    const file: string = res.json<LicenceAnswer>().license_file;
    const [header, , signature] = file.split('.');
    const claims = decodeJwt(file) as { license: { installation_limit: number } };
    claims.license.installation_limit = 1000;
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(verifyLicenseFile(t.app, forged)).rejects.toThrow(/signature/);
    await expect(verifyLicenseFile(t.app, file)).resolves.toBeTruthy();

    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const signedElsewhere = await new CompactSign(Buffer.from(JSON.stringify(claims)))
      .setProtectedHeader({ ...decodeProtectedHeader(file), alg: 'EdDSA' })
      .sign(other.privateKey);
    await expect(verifyLicenseFile(t.app, signedElsewhere)).rejects.toThrow(/signature/);
  });

  it('adds a new domain under the domain limit, then refuses one more: domain_not_allowed (422)', async () => {
    const licence = await proLicence();
    for (const domain of ['second.fr', 'third.fr']) {
      const res = await callApi(t.app, 'activate', activation(licence.licenseKey, { domain }));
      expect(res.statusCode).toBe(201);
    }
    expect((await licenceRow(t.db, licence.id))?.domains).toEqual([
      'atelier-martin.fr',
      'second.fr',
      'third.fr',
    ]);
    const refused = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey, { domain: 'fourth.fr', instance_name: 'other' }),
      { headers: { 'accept-language': 'en' } },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json<LicenceAnswer>()).toMatchObject({
      success: false,
      code: 'domain_not_allowed',
      message: 'This domain is not covered by the licence and its domain limit is reached',
    });
    expect((await licenceRow(t.db, licence.id))?.domains).toHaveLength(3);
  });

  it('answers the same installation again for the same domain and name, taking no second place', async () => {
    const licence = await proLicence();
    const first = await callApi(t.app, 'activate', activation(licence.licenseKey));
    const again = await callApi(t.app, 'activate', activation(licence.licenseKey));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<LicenceAnswer>().instance!.id).toBe(first.json<LicenceAnswer>().instance!.id);
    expect(await activeRows(licence.id)).toHaveLength(1);
  });

  it('gives exactly 3 of 20 simultaneous activations to a licence of 3 installations: activation_limit_reached (409)', async () => {
    const licence = await proLicence();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callApi(t.app, 'activate', activation(licence.licenseKey, { instance_name: `site-${i}` })),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(answers.find((res) => res.statusCode === 409)?.json<LicenceAnswer>().code).toBe(
      'activation_limit_reached',
    );
    expect(await activeRows(licence.id)).toHaveLength(3);
  });

  it('counts extra installations bought at checkout, and frees a place on deactivation', async () => {
    const licence = await proLicence({
      customizations: {
        primary_domain: 'atelier-martin.fr',
        additional_domains_list: [],
        extra_domains: 0,
        extra_installations: 1,
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await callApi(
        t.app,
        'activate',
        activation(licence.licenseKey, { instance_name: `n${i}` }),
      );
      expect(res.statusCode).toBe(201);
      ids.push(res.json<LicenceAnswer>().instance!.id);
    }
    const full = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey, { instance_name: 'n4' }),
    );
    expect(full.json<LicenceAnswer>().code).toBe('activation_limit_reached');

    const freed = await callApi(t.app, 'deactivate', {
      license_key: licence.licenseKey,
      instance_id: ids[0],
    });
    expect(freed.statusCode).toBe(200);
    expect(freed.json<LicenceAnswer>().license.active_instances).toBe(3);
    const twice = await callApi(t.app, 'deactivate', {
      license_key: licence.licenseKey,
      instance_id: ids[0],
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json<LicenceAnswer>().code).toBe('instance_not_found');
    const now = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey, { instance_name: 'n4' }),
    );
    expect(now.statusCode).toBe(201);
  });

  it('refuses an unknown key (404 license_not_found) and a suspended or revoked licence (403)', async () => {
    const unknown = await callApi(t.app, 'activate', activation('CDR-AAAAA-BBBBB-CCCCC-DDDDD'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<LicenceAnswer>().code).toBe('license_not_found');
    for (const action of ['validate', 'deactivate'] as const) {
      const res = await callApi(t.app, action, {
        license_key: 'CDR-AAAAA-BBBBB-CCCCC-DDDDD',
        instance_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.json<LicenceAnswer>().code).toBe('license_not_found');
    }

    for (const state of ['suspended', 'revoked'] as const) {
      const licence = await proLicence();
      await setLicence(t.db, licence.id, { state });
      const res = await callApi(t.app, 'activate', activation(licence.licenseKey));
      expect(res.statusCode).toBe(403);
      expect(res.json<LicenceAnswer>().code).toBe(`license_${state}`);
      const checked = await callApi(t.app, 'validate', { license_key: licence.licenseKey });
      expect(checked.json<LicenceAnswer>()).toMatchObject({ valid: false, status: state });
      expect(await activeRows(licence.id)).toHaveLength(0);
    }
  });
});

describe('validating, with the clock moved', () => {
  it('is valid while active, valid in grace with its end date, then expired and refused', async () => {
    clock.set(new Date());
    const licence = await proLicence();
    const activated = await callApi(t.app, 'activate', activation(licence.licenseKey));
    const instanceId = activated.json<LicenceAnswer>().instance!.id;
    const expiresAt = licence.expiresAt!;
    const validate = () =>
      callApi(t.app, 'validate', { license_key: licence.licenseKey, instance_id: instanceId });

    const active = await validate();
    expect(active.json<LicenceAnswer>()).toMatchObject({
      valid: true,
      status: 'active',
      instance: { id: instanceId },
    });

    clock.set(new Date(expiresAt.getTime() + DAY_MS));
    const grace = await validate();
    expect(grace.json<LicenceAnswer>()).toMatchObject({
      valid: true,
      status: 'grace',
      license: { grace_ends_at: new Date(expiresAt.getTime() + 14 * DAY_MS).toISOString() },
    });
    const { payload } = await verifyLicenseFile(t.app, grace.json<LicenceAnswer>().license_file);
    expect(payload).toMatchObject({ valid: true, license: { status: 'grace' } });

    clock.set(new Date(expiresAt.getTime() + 14 * DAY_MS));
    const expired = await validate();
    expect(expired.statusCode).toBe(200);
    expect(expired.json<LicenceAnswer>()).toMatchObject({ valid: false, status: 'expired' });
    const refused = await callApi(
      t.app,
      'activate',
      activation(licence.licenseKey, { instance_name: 'new' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json<LicenceAnswer>().code).toBe('license_expired');
    clock.set(new Date());
  });

  it('reuses an answer for a few seconds, but never past a change this process made', async () => {
    clock.set(new Date());
    const licence = await proLicence();
    const instanceId = (
      await callApi(t.app, 'activate', activation(licence.licenseKey))
    ).json<LicenceAnswer>().instance!.id;
    const check = () =>
      callApi(t.app, 'validate', { license_key: licence.licenseKey, instance_id: instanceId });
    expect((await check()).json<LicenceAnswer>().valid).toBe(true);
    // Behind the server's back: seen once the answer is older than five seconds.
    await setLicence(t.db, licence.id, { state: 'suspended' });
    expect((await check()).json<LicenceAnswer>().status).toBe('active');
    clock.set(new Date(clock.now().getTime() + 5_000));
    expect((await check()).json<LicenceAnswer>().status).toBe('suspended');
    await setLicence(t.db, licence.id, { state: 'active' });
    clock.set(new Date(clock.now().getTime() + 5_000));
    expect((await check()).json<LicenceAnswer>().valid).toBe(true);
    // Through the API of this process: seen at once.
    await callApi(t.app, 'deactivate', {
      license_key: licence.licenseKey,
      instance_id: instanceId,
    });
    expect((await check()).json<LicenceAnswer>()).toMatchObject({ valid: false, instance: null });
    clock.set(new Date());
  });

  it('says invalid for an installation that is not active on the licence', async () => {
    const licence = await proLicence();
    const res = await callApi(t.app, 'validate', {
      license_key: licence.licenseKey,
      instance_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.json<LicenceAnswer>()).toMatchObject({
      valid: false,
      status: 'active',
      instance: null,
    });
  });
});

describe('bad input and abuse', () => {
  it('answers 400 with field errors, in the reader’s language, never a 500', async () => {
    const bodies: unknown[] = [
      {},
      { license_key: '' },
      { license_key: 'x'.repeat(65), domain: 'a.fr', instance_name: 'x' },
      { license_key: 'CDR', domain: 'not a domain', instance_name: 'x' },
      { license_key: 'CDR', domain: 'a.fr', instance_name: '' },
      { license_key: ['CDR'], domain: 'a.fr', instance_name: 'x' },
      { license_key: 'CDR', domain: 'a.fr', instance_name: 'x'.repeat(101) },
    ];
    for (const body of bodies) {
      const res = await callApi(t.app, 'activate', body, { headers: { 'accept-language': 'fr' } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<LicenceAnswer>().success).toBe(false);
    }
    const badInstance = await callApi(t.app, 'validate', {
      license_key: 'CDR',
      instance_id: 'nope',
    });
    expect(badInstance.statusCode).toBe(400);
    expect(badInstance.json<LicenceAnswer>().errors?.instance_id).toEqual([
      'Identifiant d’installation invalide',
    ]);
    const notJson = await callApi(t.app, 'validate', '{"license_key":');
    expect(notJson.statusCode).toBe(400);
  });

  it('limits calls per key (429 rate_limited with Retry-After)', async () => {
    const licence = await proLicence();
    let last = await callApi(t.app, 'validate', { license_key: licence.licenseKey });
    // Up to twice the limit: the calls may straddle the end of a fixed minute (see below).
    for (let i = 0; i < 2 * LICENSE_API_RATE_LIMIT.perKey && last.statusCode === 200; i += 1) {
      last = await callApi(t.app, 'validate', { license_key: licence.licenseKey });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json<LicenceAnswer>().code).toBe('rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits calls per address, whatever the keys', async () => {
    const ip = '203.0.113.77';
    // The windows are fixed minutes of the clock: calls that straddle a minute's end fill the
    // next window instead, so up to twice the limit may be needed, never more.
    const { perAddress } = LICENSE_API_RATE_LIMIT;
    let last = await callApi(t.app, 'validate', { license_key: 'CDR-UNKNOWN-0' }, { ip });
    for (let i = 1; i <= 2 * perAddress + 1 && last.statusCode !== 429; i += 1) {
      last = await callApi(t.app, 'validate', { license_key: `CDR-UNKNOWN-${i}` }, { ip });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json<LicenceAnswer>().code).toBe('rate_limited');
  });

  it('is described in the OpenAPI document, with its refusal codes', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = doc.json<{ paths: Record<string, Record<string, { description?: string }>> }>()
      .paths;
    for (const path of [
      '/api/v1/licenses/activate',
      '/api/v1/licenses/validate',
      '/api/v1/licenses/deactivate',
      '/.well-known/jwks.json',
      '/api/v1/website/licenses',
      '/api/v1/website/licenses/{id}/instances/{instanceId}/deactivate',
      '/api/v1/website/licenses/{id}/renew',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/api/v1/licenses/activate']?.post?.description).toContain(
      'activation_limit_reached (409)',
    );
  });

  it('publishes the public key only, with its key id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json<LicenceAnswer>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keys[0]?.d).toBeUndefined();
  });
});
