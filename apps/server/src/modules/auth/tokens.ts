import { createHash, randomBytes } from 'node:crypto';

/**
 * Session tokens: 32 random bytes (256 bits) in base64url, 43 characters. Only the SHA-256 of
 * a token is stored, so a copy of the sessions table yields no usable cookie; a fast hash is
 * enough because the token itself carries full entropy (unlike a password).
 */
export const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const generateToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Anything else is refused before it costs a hash or a query. */
export const isWellFormedToken = (value: unknown): value is string =>
  typeof value === 'string' && TOKEN_PATTERN.test(value);

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match?.[1];
}
