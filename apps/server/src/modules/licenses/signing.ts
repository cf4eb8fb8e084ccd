import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CompactSign,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
} from 'jose';
import {
  PrivateSigningJwkSchema,
  type LicenseSigningConfig,
  type PrivateSigningJwk,
  type PublicSigningJwk,
} from '../../config';

/**
 * Licence files (docs/decisions/016-licence-files-and-jose.md): compact JWS signed with
 * Ed25519 (alg EdDSA) by `jose`, carrying the key id of the key that signed them. The public
 * half of the current key and of retired keys is served as a JWKS, so a Cadran CMS can check a
 * file offline and a rotation does not invalidate files already issued.
 */

export const LICENSE_FILE_ALG = 'EdDSA';
/** The JWS `typ`: tells a licence file from any other token signed with the same key. */
export const LICENSE_FILE_TYP = 'cadran-license+jwt';

export interface PublishedKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

const published = (jwk: PublicSigningJwk): PublishedKey => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: jwk.x,
  kid: jwk.kid,
  alg: LICENSE_FILE_ALG,
  use: 'sig',
});

export class LicenseSigner {
  readonly kid: string;
  readonly keys: PublishedKey[];

  private constructor(
    private readonly privateKey: CryptoKey,
    current: PublicSigningJwk,
    retired: readonly PublicSigningJwk[],
    private readonly issuer: string,
  ) {
    this.kid = current.kid;
    this.keys = [current, ...retired.filter((key) => key.kid !== current.kid)].map(published);
  }

  /** A signer for `jwk`; its key id is the JWK's own, else its RFC 7638 thumbprint. */
  static async create(
    jwk: PrivateSigningJwk,
    retired: readonly PublicSigningJwk[],
    issuer: string,
  ): Promise<LicenseSigner> {
    const kid = jwk.kid ?? (await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }));
    const privateKey = await importJWK({ ...jwk, kid }, LICENSE_FILE_ALG);
    // An OKP key imports as a CryptoKey; bytes would mean a symmetric key, never ours.
    if (privateKey instanceof Uint8Array) throw new Error('the signing key is not an Ed25519 key');
    return new LicenseSigner(
      privateKey,
      { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid },
      retired,
      issuer,
    );
  }

  /**
   * The licence file of `subject` (the key) with `claims`, issued at `issuedAt` and trusted
   * until `expiresAt` (its `exp`, licence-file.ts decides it).
   */
  sign(
    subject: string,
    claims: Record<string, unknown>,
    issuedAt: Date,
    expiresAt: Date,
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: LICENSE_FILE_ALG, kid: this.kid, typ: LICENSE_FILE_TYP })
      .setIssuer(this.issuer)
      .setSubject(subject)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.privateKey);
  }

  /**
   * A compact JWS of `payload` exactly as given (no claims added), with this key's id: the
   * signature of a release artifact, `{ version, file, size, sha256 }`.
   */
  signArtifact(payload: { version: string; file: string; size: number; sha256: string }) {
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: LICENSE_FILE_ALG, kid: this.kid, typ: ARTIFACT_SIGNATURE_TYP })
      .sign(this.privateKey);
  }
}

/** The JWS `typ` of a release artifact's signature. */
export const ARTIFACT_SIGNATURE_TYP = 'cadran-artifact+jws';

/** Where a demo or development install keeps the key it generated for itself. */
export const signingKeyFile = (dataDir: string): string =>
  path.join(dataDir, '.license-signing-key.json');

/** A new Ed25519 private key as a JWK with its thumbprint as key id. */
export async function generateSigningJwk(): Promise<PrivateSigningJwk> {
  const { privateKey } = await generateKeyPair(LICENSE_FILE_ALG, {
    crv: 'Ed25519',
    extractable: true,
  });
  const jwk = await exportJWK(privateKey);
  const parsed = PrivateSigningJwkSchema.parse(jwk);
  const kid = await calculateJwkThumbprint({ kty: parsed.kty, crv: parsed.crv, x: parsed.x });
  return { ...parsed, kid };
}

async function readKeyFile(file: string): Promise<PrivateSigningJwk | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = PrivateSigningJwkSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${file} holds no usable signing key; delete it and restart`);
  return parsed.data;
}

/**
 * The configured key, or outside production the one of this data directory, generated on
 * first start ('wx': of two processes starting together only one writes, both read it).
 */
export async function resolveSigningJwk(
  config: Pick<LicenseSigningConfig, 'privateJwk'>,
  dataDir: string,
  isProduction: boolean,
): Promise<PrivateSigningJwk> {
  if (config.privateJwk) return config.privateJwk;
  if (isProduction) throw new Error('LICENSE_SIGNING_KEY is required in production');
  const file = signingKeyFile(dataDir);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const jwk = await generateSigningJwk();
  try {
    await writeFile(file, `${JSON.stringify(jwk)}\n`, { flag: 'wx', mode: 0o600 });
    return jwk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(file);
    if (!winner) throw new Error(`${file} exists but holds no signing key; delete it and restart`);
    return winner;
  }
}
