import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { LicenseSigner, resolveSigningJwk, signingKeyFile } from '../src/modules/licenses/signing';
import { buildTestApp } from './helper';
import { verifyLicenseFile } from './licenses-helpers';
import type { LicenceAnswer } from './licenses-helpers';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './support/seller-env';

/** The key that signs licence files (docs/decisions/016-licence-files-and-jose.md). */

const production = { NODE_ENV: 'production', ...SELLER_ENV, SESSION_SECRET: 's'.repeat(48) };
const RETIRED = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'U9sYTm3vcoLwf7wYRfCjsFF7LpOED30r1O1q3xaq9_M',
  kid: 'retired-2025',
};

describe('the licence signing key', () => {
  it('is required in production, and refused when it is not an Ed25519 private JWK', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    try {
      loadConfig(production);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^LICENSE_SIGNING_KEY: required in production/),
        ]),
      );
    }
    expect(
      loadConfig({ ...production, ...LICENSE_SIGNING_ENV }).licenseSigning.privateJwk?.kid,
    ).toBe('test-2026');
    for (const bad of ['not json', '{"kty":"RSA"}', JSON.stringify({ ...RETIRED })]) {
      expect(() => loadConfig({ ...production, LICENSE_SIGNING_KEY: bad })).toThrow(
        /LICENSE_SIGNING_KEY/,
      );
    }
  });

  it('is generated once per data directory outside production, readable by its owner only', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-key-'));
    try {
      const settings = { privateJwk: undefined, retiredPublicJwks: [] };
      const [a, b] = await Promise.all([
        resolveSigningJwk(settings, dataDir, false),
        resolveSigningJwk(settings, dataDir, false),
      ]);
      expect(b).toEqual(a);
      expect(await resolveSigningJwk(settings, dataDir, false)).toEqual(a);
      expect((await stat(signingKeyFile(dataDir))).mode & 0o777).toBe(0o600);
      await expect(resolveSigningJwk(settings, dataDir, true)).rejects.toThrow(
        /required in production/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('publishes the configured key first and the retired ones after, so older files still verify', async () => {
    const t = await buildTestApp({
      seed: false,
      env: { ...LICENSE_SIGNING_ENV, LICENSE_RETIRED_PUBLIC_KEYS: JSON.stringify([RETIRED]) },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      expect(res.json<LicenceAnswer>().keys.map((key) => key.kid)).toEqual([
        'test-2026',
        'retired-2025',
      ]);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      // A file signed by the retired key (the bench's key here) verifies through the JWKS.
      const old = await LicenseSigner.create(
        {
          ...RETIRED,
          kty: 'OKP',
          crv: 'Ed25519',
          d: '-OfHeAnaGc4mbKMIgM7efAGyCVgSpvvbxF1FKBeghG0',
        },
        [],
        t.config.publicUrl,
      );
      const now = new Date();
      const file = await old.sign(
        'CDR-TEST',
        { valid: true },
        now,
        new Date(now.getTime() + 60_000),
      );
      const { protectedHeader } = await verifyLicenseFile(t.app, file);
      expect(protectedHeader.kid).toBe('retired-2025');
    } finally {
      await t.close();
    }
  });
});
