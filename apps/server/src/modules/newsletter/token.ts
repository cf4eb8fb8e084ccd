import { createHmac } from 'node:crypto';
import { isExactSignature } from '../../crypto/signature';

/**
 * Signed newsletter confirmation links (double opt-in). A token is
 * `<subscriber id>.<expiry in Unix seconds>.<HMAC-SHA256>`: nothing to store, nothing personal
 * in the URL, and nobody without the server's session secret can make one. The HMAC key is
 * derived from the session secret for this one purpose, so a signature made here can never
 * be replayed as any other signed value of the application.
 */

export const CONFIRMATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest token we ever issue, with room to spare; anything longer is refused unread. */
export const CONFIRMATION_TOKEN_MAX_LENGTH = 200;

const TOKEN_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const purposeKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('cadran:newsletter-confirmation:v1').digest();

const signature = (secret: string, subscriberId: string, expiresAtSeconds: number): Buffer =>
  createHmac('sha256', purposeKey(secret)).update(`${subscriberId}.${expiresAtSeconds}`).digest();

export function signConfirmationToken(
  secret: string,
  subscriberId: string,
  expiresAt: Date,
): string {
  const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
  const mac = signature(secret, subscriberId, expiresAtSeconds).toString('base64url');
  return `${subscriberId}.${expiresAtSeconds}.${mac}`;
}

export type TokenCheck =
  | { valid: true; subscriberId: string }
  | { valid: false; reason: 'malformed' | 'forged' | 'expired' };

/** Checks the signature first (constant time), then the expiry, against `now`. */
export function verifyConfirmationToken(secret: string, token: string, now: Date): TokenCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { valid: false, reason: 'malformed' };
  const [, subscriberId = '', expiry = '', mac = ''] = match;
  const expiresAtSeconds = Number(expiry);
  const expected = signature(secret, subscriberId, expiresAtSeconds);
  if (!isExactSignature(mac, expected)) return { valid: false, reason: 'forged' };
  if (expiresAtSeconds * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, subscriberId };
}
