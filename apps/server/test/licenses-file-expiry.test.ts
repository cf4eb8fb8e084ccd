import { errors } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  activation,
  buyLicences,
  callApi,
  DAY_MS,
  MY_LICENSES,
  movableClock,
  setLicence,
  verifyLicenseFile,
  type LicenceAnswer,
} from './licenses-helpers';
import { shopSuite } from './orders-helpers';

/**
 * Licence files expire (docs/product.md 'Licences' ('Activation API')): each carries an `exp`
 * at most LICENSE_OFFLINE_DAYS after its issue and never past the licence's grace, so a copy
 * saved before a refund or a revocation stops vouching for the licence offline. Checked as an
 * installation checks it: with `jose` against the published JWKS, at a given moment.
 */

const OFFLINE_DAYS = 20;
const clock = movableClock();
const t = shopSuite({ now: clock.now, env: { LICENSE_OFFLINE_DAYS: String(OFFLINE_DAYS) } });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function proLicence() {
  const [licence] = (await buyLicences(t.app, t.db, t.alice, t.pro.id)).licences;
  if (!licence?.expiresAt) throw new Error('no annual licence issued');
  return licence;
}

const validateFile = async (key: string) =>
  (await callApi(t.app, 'validate', { license_key: key })).json<LicenceAnswer>().license_file;

describe('the expiry of a licence file', () => {
  it('is the offline period after issue while the licence runs longer, then jose refuses the copy', async () => {
    const issued = new Date();
    clock.set(issued);
    const licence = await proLicence();
    const res = await callApi(t.app, 'activate', activation(licence.licenseKey));
    const file = res.json<LicenceAnswer>().license_file;
    const { payload } = await verifyLicenseFile(t.app, file, issued);
    expect(payload.iat).toBe(seconds(issued));
    expect(payload.exp).toBe(seconds(later(issued, OFFLINE_DAYS * DAY_MS)));

    // A refund revokes the licence; the copy saved before it still verifies until its exp...
    await setLicence(t.db, licence.id, { state: 'revoked' });
    const lastDay = later(issued, OFFLINE_DAYS * DAY_MS - 60_000);
    await expect(verifyLicenseFile(t.app, file, lastDay)).resolves.toBeTruthy();
    // ...and no longer after it: the installation has to check in, and learns of the revocation.
    const afterwards = later(issued, OFFLINE_DAYS * DAY_MS + 1000);
    await expect(verifyLicenseFile(t.app, file, afterwards)).rejects.toBeInstanceOf(
      errors.JWTExpired,
    );
    clock.set(afterwards);
    const checked = await callApi(t.app, 'validate', { license_key: licence.licenseKey });
    expect(checked.json<LicenceAnswer>()).toMatchObject({ valid: false, status: 'revoked' });
    clock.set(new Date());
  });

  it('ends with the grace of a licence whose term ends sooner, in every answer that carries a file', async () => {
    const now = new Date();
    clock.set(now);
    const licence = await proLicence();
    const termEnd = later(now, 2 * DAY_MS);
    await setLicence(t.db, licence.id, { expiresAt: termEnd });
    const graceEnd = seconds(later(termEnd, 14 * DAY_MS));

    const activated = await callApi(t.app, 'activate', activation(licence.licenseKey));
    const owned = await t.app.inject({
      method: 'GET',
      url: `${MY_LICENSES}/${licence.id}/file`,
      headers: t.alice.headers,
    });
    expect(owned.statusCode).toBe(200);
    for (const file of [
      activated.json<LicenceAnswer>().license_file,
      await validateFile(licence.licenseKey),
      owned.body,
    ]) {
      const { payload } = await verifyLicenseFile(t.app, file, now);
      expect(payload.exp).toBe(graceEnd);
    }
    // In its grace the licence still answers valid, and the file still ends with the grace.
    const inGrace = later(termEnd, 3 * DAY_MS);
    clock.set(inGrace);
    const graceFile = await validateFile(licence.licenseKey);
    const { payload } = await verifyLicenseFile(t.app, graceFile, inGrace);
    expect(payload).toMatchObject({ valid: true, exp: graceEnd, iat: seconds(inGrace) });
    await expect(
      verifyLicenseFile(t.app, graceFile, later(termEnd, 14 * DAY_MS + 1000)),
    ).rejects.toBeInstanceOf(errors.JWTExpired);
    clock.set(new Date());
  });

  it('gives a licence that never expires the offline bound only', async () => {
    const now = new Date();
    clock.set(now);
    const licence = await proLicence();
    await setLicence(t.db, licence.id, { expiresAt: null });
    const { payload } = await verifyLicenseFile(t.app, await validateFile(licence.licenseKey), now);
    expect(payload).toMatchObject({ valid: true, license: { expires_at: null } });
    expect(payload.exp).toBe(seconds(later(now, OFFLINE_DAYS * DAY_MS)));
  });
});
