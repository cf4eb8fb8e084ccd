import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseDownloads } from '../src/db/schema/releases';
import { LICENSE_API_RATE_LIMIT } from '../src/modules/licenses/api-routes';
import { buyLicences, callApi, DAY_MS, movableClock, setLicence } from './licenses-helpers';
import { buyer, shopSuite, template } from './orders-helpers';
import {
  checkUpdates,
  download,
  publishedRelease,
  sha256,
  verifyArtifactSignature,
  type UpdateAnswer,
} from './releases-helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The update check an installation makes and the signed links it downloads with
 * (docs/product.md 'Releases'): entitlement by dates, the renewal that unlocks a newer
 * release, signatures checked with the published keys, links that expire and refuse tampering.
 */

const clock = movableClock(new Date('2026-03-01T10:00:00Z'));
const t = shopSuite({ now: clock.now });

const DAY = DAY_MS;

async function proLicence() {
  const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
  const [licence] = licences;
  if (!licence) throw new Error('no licence');
  return licence;
}

describe('the update check', () => {
  it('answers the newest release the licence covers, signed and downloadable, and the one a renewal unlocks', async () => {
    clock.set(new Date('2026-03-01T10:00:00Z'));
    const staff = await signedInStaff(t.app, t.db);
    const licence = await proLicence();
    const expiresAt = licence.expiresAt;
    if (!expiresAt) throw new Error('an annual licence expires');
    await publishedRelease(t.app, staff.headers, { version: '4.0.0' });
    const { bytes } = await publishedRelease(t.app, staff.headers, { version: '4.1.0' });
    // Published after the licence's update rights: a renewal unlocks it.
    clock.set(new Date(expiresAt.getTime() + DAY));
    await publishedRelease(t.app, staff.headers, { version: '5.0.0' });
    clock.set(new Date(expiresAt.getTime() - DAY));

    const res = await checkUpdates(t.app, {
      license_key: licence.licenseKey.toLowerCase(),
      current_version: '4.0.0',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<UpdateAnswer>();
    expect(answer).toMatchObject({
      success: true,
      current: '4.0.0',
      latest: '5.0.0',
      update: { version: '4.1.0', notes_url: `${t.config.publicUrl}/changelog#v4.1.0` },
      newer_not_entitled: {
        version: '5.0.0',
        renew_url: `${t.config.publicUrl}/client/licences/${licence.id}`,
      },
    });
    const [artifact] = answer.update?.artifacts ?? [];
    if (!artifact) throw new Error('no artifact');
    expect(artifact).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    const verified = await verifyArtifactSignature(t.app, artifact.signature);
    expect(verified.payload).toEqual({
      version: '4.1.0',
      file: artifact.file,
      size: artifact.size,
      sha256: artifact.sha256,
    });

    const file = await download(t.app, artifact.download_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${artifact.file}"`);
    expect(sha256(file.rawPayload)).toBe(artifact.sha256);
    await download(t.app, artifact.download_url);
    const counted = await t.db
      .select()
      .from(releaseDownloads)
      .where(eq(releaseDownloads.licenseId, licence.id));
    expect(counted.map((row) => row.count)).toEqual([2]);
  });

  it('answers no update to an installation already on the newest covered release', async () => {
    const licence = await proLicence();
    const res = await checkUpdates(t.app, {
      license_key: licence.licenseKey,
      current_version: '9.0.0',
    });
    expect(res.json<UpdateAnswer>()).toMatchObject({ update: null, newer_not_entitled: null });
  });

  it('answers the activation API’s refusals: an unknown key, a suspended, revoked or expired licence', async () => {
    const unknown = await checkUpdates(t.app, {
      license_key: 'CAD-0000-0000-0000-0000',
      current_version: '1.0.0',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<UpdateAnswer>().code).toBe('license_not_found');

    const licence = await proLicence();
    await setLicence(t.db, licence.id, { state: 'suspended' });
    const suspended = await checkUpdates(t.app, {
      license_key: licence.licenseKey,
      current_version: '1.0.0',
    });
    expect([suspended.statusCode, suspended.json<UpdateAnswer>().code]).toEqual([
      403,
      'license_suspended',
    ]);
    await setLicence(t.db, licence.id, {
      state: 'active',
      expiresAt: new Date(clock.now().getTime() - 30 * DAY),
    });
    const expired = await checkUpdates(t.app, {
      license_key: licence.licenseKey,
      current_version: '1.0.0',
    });
    expect([expired.statusCode, expired.json<UpdateAnswer>().code]).toEqual([
      403,
      'license_expired',
    ]);
  });

  it.each([
    ['a malformed installed version', { current_version: '4.0' }],
    ['an unknown channel', { current_version: '4.0.0', channel: 'nightly' }],
    ['no key', { license_key: '', current_version: '4.0.0' }],
  ])('refuses %s with a 400 in the asked language', async (_case, overrides) => {
    const res = await checkUpdates(
      t.app,
      { license_key: 'CAD-0000-0000-0000-0000', ...overrides },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<UpdateAnswer>().message).toMatch(/^[A-Z]/);
  });

  it('shares the per-key limit of validate: checks and validations count together', async () => {
    const licence = await proLicence();
    const key = licence.licenseKey;
    let last = await checkUpdates(t.app, { license_key: key, current_version: '1.0.0' });
    // Half of the calls are validations; up to twice the limit, as the windows are fixed minutes.
    for (let i = 0; i < 2 * LICENSE_API_RATE_LIMIT.perKey && last.statusCode === 200; i += 1) {
      if (i % 2 === 0) await callApi(t.app, 'validate', { license_key: key });
      last = await checkUpdates(t.app, { license_key: key, current_version: '1.0.0' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json<UpdateAnswer>().code).toBe('rate_limited');
  });

  it('offers nothing published after the rights of a plan without updates, and no renewal for it', async () => {
    clock.set(new Date('2026-06-01T10:00:00Z'));
    const starter = await template(t.db, 'starter-annually');
    const client = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, client, starter.id);
    const [licence] = licences;
    if (!licence) throw new Error('no licence');
    await setLicence(t.db, licence.id, { startsAt: new Date('2026-06-01T10:00:00Z') });
    clock.set(new Date('2026-06-10T10:00:00Z'));
    const staff = await signedInStaff(t.app, t.db);
    await publishedRelease(t.app, staff.headers, { version: '6.0.0' });
    const res = await checkUpdates(t.app, {
      license_key: licence.licenseKey,
      current_version: '5.0.0',
    });
    expect(res.json<UpdateAnswer>()).toMatchObject({
      latest: '6.0.0',
      update: null,
      newer_not_entitled: null,
    });
  });
});

describe('download links', () => {
  let minor = 0;
  async function freshLink() {
    minor += 1;
    clock.set(new Date('2026-07-01T10:00:00Z'));
    const staff = await signedInStaff(t.app, t.db);
    const licence = await proLicence();
    await publishedRelease(t.app, staff.headers, { version: `7.${minor}.0` });
    const res = await checkUpdates(t.app, {
      license_key: licence.licenseKey,
      current_version: '6.9.0',
    });
    const url = res.json<UpdateAnswer>().update?.artifacts[0]?.download_url;
    if (!url) throw new Error('no link');
    return { url: new URL(url), licence };
  }

  it('refuses a link changed in any part with a 403 and counts nothing', async () => {
    const { url, licence } = await freshLink();
    const other = await proLicence();
    const tampered = [
      (u: URL) => u.searchParams.set('licence', other.id),
      (u: URL) =>
        u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      // The last character changed (to 'B' when it is an 'A': never the same signature).
      (u: URL) => {
        const signature = u.searchParams.get('signature') ?? '';
        const last = signature.endsWith('A') ? 'B' : 'A';
        u.searchParams.set('signature', `${signature.slice(0, -1)}${last}`);
      },
      (u: URL) => u.searchParams.delete('signature'),
      (u: URL) => {
        u.pathname = u.pathname.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0'));
      },
    ];
    for (const change of tampered) {
      const changed = new URL(url);
      change(changed);
      const res = await download(t.app, changed.toString());
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toContain('lien de téléchargement');
    }
    const counted = await t.db
      .select()
      .from(releaseDownloads)
      .where(eq(releaseDownloads.licenseId, licence.id));
    expect(counted).toEqual([]);
  });

  it('works for 15 minutes, then answers 403', async () => {
    const { url } = await freshLink();
    clock.set(new Date(clock.now().getTime() + 14 * 60 * 1000));
    expect((await download(t.app, url.toString())).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 2 * 60 * 1000));
    expect((await download(t.app, url.toString())).statusCode).toBe(403);
  });

  it('stops working for a licence suspended since the link was made', async () => {
    const { url, licence } = await freshLink();
    await setLicence(t.db, licence.id, { state: 'suspended' });
    expect((await download(t.app, url.toString())).statusCode).toBe(403);
  });
});
