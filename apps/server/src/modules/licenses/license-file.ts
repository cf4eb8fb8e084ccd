import type { LicenseInstance, LicenseState } from '@cadran/domain/license-api';
import { licenseFileExpiry } from '@cadran/domain/licenses';
import type { LicenseSigner } from './signing';

/**
 * What signs a licence file: the key, and how long a file may be trusted offline
 * (LICENSE_OFFLINE_DAYS).
 */
export interface LicenseFileSigning {
  signer: Pick<LicenseSigner, 'sign'>;
  offlineDays: number;
}

export interface LicenseFileContent {
  valid: boolean;
  license: LicenseState;
  instance: LicenseInstance | null;
}

/**
 * The signed licence file of `content` issued at `now`. Its `exp` is the end of the offline
 * period, never past the licence's grace: a copy kept after a refund or a revocation stops
 * vouching for the licence, and the installation has to check in again.
 */
export function signLicenseFile(
  signing: LicenseFileSigning,
  content: LicenseFileContent,
  now: Date,
): Promise<string> {
  const licenceEnd = content.license.expires_at ? new Date(content.license.expires_at) : null;
  return signing.signer.sign(
    content.license.key,
    { ...content },
    now,
    licenseFileExpiry(licenceEnd, now, signing.offlineDays),
  );
}
