import { timingSafeEqual } from 'node:crypto';

/**
 * Whether the signature text taken from a token is exactly the one we would write for
 * `expected`, compared in constant time. The text is compared, not its decoded bytes:
 * base64url decoding forgives stray characters and the unused low bits of the last one, so
 * several different texts decode to the same bytes, and a token must have one spelling only
 * (a changed character is a forged token, never "the same one").
 */
export function isExactSignature(given: string, expected: Buffer): boolean {
  const expectedText = Buffer.from(expected.toString('base64url'), 'utf8');
  const givenText = Buffer.from(given, 'utf8');
  return givenText.length === expectedText.length && timingSafeEqual(givenText, expectedText);
}
