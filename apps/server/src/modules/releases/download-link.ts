import { createHmac } from 'node:crypto';
import { DOWNLOAD_LINK_TTL_MS } from '@cadran/domain/release-rules';
import { isUuid } from '@cadran/domain/uuid';
import { isExactSignature } from '../../crypto/signature';

/**
 * Download links (docs/decisions/041-release-notes-and-signed-downloads.md): the path names the
 * artifact, the query the licence it is counted against and the expiry in Unix seconds, and
 * `signature` is an HMAC-SHA256 of the three under a key derived from the session secret for
 * this one purpose. Nothing is stored, every process checks a link the same way, and a link
 * changed in any part, or past its 15 minutes, is refused.
 */

export const DOWNLOAD_PATH = '/api/v1/downloads';

const purposeKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('cadran:release-download:v1').digest();

const mac = (key: Buffer, artifactId: string, licenseId: string, expires: number): Buffer =>
  createHmac('sha256', key).update(`${artifactId}.${licenseId}.${expires}`).digest();

export interface DownloadGrant {
  artifactId: string;
  licenseId: string;
}

export type DownloadLinkCheck =
  ({ valid: true } & DownloadGrant) | { valid: false; reason: 'malformed' | 'forged' | 'expired' };

export class DownloadLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    this.key = purposeKey(secret);
  }

  /** A link to `artifactId` for `licenseId`, working for 15 minutes from `now`. */
  sign(grant: DownloadGrant, now: Date): string {
    const expires = Math.floor((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
    const signature = mac(this.key, grant.artifactId, grant.licenseId, expires).toString(
      'base64url',
    );
    const query = new URLSearchParams({
      licence: grant.licenseId,
      expires: String(expires),
      signature,
    });
    return `${this.publicUrl}${DOWNLOAD_PATH}/${grant.artifactId}?${query.toString()}`;
  }

  /** Checks the signature first (constant time), then the expiry, against `now`. */
  verify(
    artifactId: string,
    query: { licence?: string; expires?: string; signature?: string },
    now: Date,
  ): DownloadLinkCheck {
    const { licence = '', expires = '', signature = '' } = query;
    if (!isUuid(artifactId) || !isUuid(licence) || !/^\d{1,12}$/.test(expires)) {
      return { valid: false, reason: 'malformed' };
    }
    const expiresAt = Number(expires);
    if (!isExactSignature(signature, mac(this.key, artifactId, licence, expiresAt))) {
      return { valid: false, reason: 'forged' };
    }
    if (expiresAt * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
    return { valid: true, artifactId, licenseId: licence };
  }
}
