import { createHmac, randomBytes } from 'node:crypto';
import { isExactSignature } from '../../crypto/signature';
import { REALTIME_LIMITS } from '@cadran/domain/realtime';

/**
 * Realtime tokens (GET /realtime/token, docs/product.md 'Roadmap' ('Live refresh')):
 * `v1.<payload>.<signature>`, base64url, where the payload names a random client id and an expiry
 * and the signature is an HMAC-SHA256 with a key derived from the session secret. Any process
 * holding the secret can check a token, so nothing is stored. A token only opens a socket on public
 * channels; it grants nothing else.
 */

export interface IssuedToken {
  token: string;
  clientId: string;
  expiresAt: Date;
}

export type TokenCheck =
  | { ok: true; clientId: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const VERSION = 'v1';
/** Far above any real token (about 120 characters): longer input is refused unread. */
const MAX_TOKEN_LENGTH = 512;

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export class RealtimeTokens {
  private readonly key: Buffer;

  constructor(
    sessionSecret: string,
    private readonly ttlMs: number = REALTIME_LIMITS.tokenTtlMs,
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own: a realtime token can never pass for any other signed value.
    this.key = createHmac('sha256', sessionSecret).update('cadran realtime token v1').digest();
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(`${VERSION}.${body}`).digest();
  }

  issue(): IssuedToken {
    const clientId = randomBytes(16).toString('base64url');
    const expiresAt = new Date(this.now() + this.ttlMs);
    const body = b64(JSON.stringify({ cid: clientId, exp: expiresAt.getTime() }));
    return { token: `${VERSION}.${body}.${b64(this.sign(body))}`, clientId, expiresAt };
  }

  verify(token: string): TokenCheck {
    if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
    const [version, body, signature, ...rest] = token.split('.');
    if (version !== VERSION || !body || !signature || rest.length > 0) {
      return { ok: false, reason: 'malformed' };
    }
    const expected = this.sign(body);
    if (!isExactSignature(signature, expected)) return { ok: false, reason: 'bad_signature' };
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (
      typeof claims !== 'object' ||
      claims === null ||
      !('cid' in claims) ||
      !('exp' in claims) ||
      typeof claims.cid !== 'string' ||
      typeof claims.exp !== 'number'
    ) {
      return { ok: false, reason: 'malformed' };
    }
    if (claims.exp <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, clientId: claims.cid, expiresAt: new Date(claims.exp) };
  }
}
