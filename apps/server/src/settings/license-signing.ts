import {
  DEFAULT_LICENSE_OFFLINE_DAYS,
  LICENSE_OFFLINE_DAYS_MAX,
  LICENSE_OFFLINE_DAYS_MIN,
} from '@cadran/domain/licenses';
import { z } from 'zod';
import { optionalText } from './env-fields';

/**
 * The key that signs licence files (docs/decisions/016-licence-files-and-jose.md): an Ed25519
 * private key as a JSON Web Key, `{"kty":"OKP","crv":"Ed25519","x":"…","d":"…","kid":"…"}`.
 * Production refuses to start without it; elsewhere one is generated once per data directory.
 * Retired public keys stay published (LICENSE_RETIRED_PUBLIC_KEYS, a JSON array of public
 * JWKs) so files signed before a rotation still verify until they are renewed.
 */

/** base64url of 32 bytes: an Ed25519 key's x (public) or d (private) member. */
const KEY_BYTES = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes in base64url');
const KID = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII');

export const PublicSigningJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: KEY_BYTES,
  kid: KID,
});
export type PublicSigningJwk = z.infer<typeof PublicSigningJwkSchema>;

export const PrivateSigningJwkSchema = PublicSigningJwkSchema.extend({
  d: KEY_BYTES,
  // A key id is what lets installations pick the right public key after a rotation.
  kid: KID.optional(),
});
export type PrivateSigningJwk = z.infer<typeof PrivateSigningJwkSchema>;

/** JSON text in an environment variable, then its shape. */
const jsonOf = <T extends z.ZodType>(schema: T, example: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: `must be JSON, e.g. ${example}`, input: text });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const LicenseSigningEnvSchema = z.object({
  LICENSE_SIGNING_KEY: optionalText.pipe(
    jsonOf(
      PrivateSigningJwkSchema,
      '{"kty":"OKP","crv":"Ed25519","x":"…","d":"…","kid":"2026-01"}',
    ).optional(),
  ),
  LICENSE_RETIRED_PUBLIC_KEYS: optionalText.pipe(
    jsonOf(
      z.array(PublicSigningJwkSchema).max(10),
      '[{"kty":"OKP","crv":"Ed25519","x":"…","kid":"2025-01"}]',
    ).optional(),
  ),
  /** Days a signed licence file stays valid offline (its `exp`, before the licence's own end). */
  LICENSE_OFFLINE_DAYS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number()
      .int('must be a whole number of days')
      .min(LICENSE_OFFLINE_DAYS_MIN, `must be at least ${LICENSE_OFFLINE_DAYS_MIN} day`)
      .max(LICENSE_OFFLINE_DAYS_MAX, `must be at most ${LICENSE_OFFLINE_DAYS_MAX} days`)
      .default(DEFAULT_LICENSE_OFFLINE_DAYS),
  ),
});

export interface LicenseSigningConfig {
  /** Absent outside production: generated in the data directory at start. */
  privateJwk: PrivateSigningJwk | undefined;
  retiredPublicJwks: PublicSigningJwk[];
  /** How long a licence file may be trusted without checking in again. */
  offlineDays: number;
}

export const LICENSE_SIGNING_KEY_ADVICE =
  'LICENSE_SIGNING_KEY: required in production: the Ed25519 private key (a JSON Web Key) that ' +
  'signs licence files; generate one with `npm run admin -- license-key`';

export function licenseSigningSettings(
  env: z.infer<typeof LicenseSigningEnvSchema>,
  isProduction: boolean,
): { ok: true; settings: LicenseSigningConfig } | { ok: false; problems: string[] } {
  if (isProduction && !env.LICENSE_SIGNING_KEY) {
    return { ok: false, problems: [LICENSE_SIGNING_KEY_ADVICE] };
  }
  return {
    ok: true,
    settings: {
      privateJwk: env.LICENSE_SIGNING_KEY,
      retiredPublicJwks: env.LICENSE_RETIRED_PUBLIC_KEYS ?? [],
      offlineDays: env.LICENSE_OFFLINE_DAYS,
    },
  };
}
