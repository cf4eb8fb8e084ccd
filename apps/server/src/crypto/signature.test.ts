import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isExactSignature } from './signature';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes spelled differently: the last character's unused low bit flipped. */
function sameBytesOtherSpelling(text: string): string {
  const last = ALPHABET.indexOf(text.at(-1)!);
  return `${text.slice(0, -1)}${ALPHABET[last ^ 1]}`;
}

describe('isExactSignature', () => {
  const mac = createHmac('sha256', 'key').update('value').digest();
  const text = mac.toString('base64url');

  it('accepts the signature as we write it', () => {
    expect(isExactSignature(text, mac)).toBe(true);
  });

  it('refuses other spellings that decode to the same bytes', () => {
    const other = sameBytesOtherSpelling(text);
    expect(Buffer.from(other, 'base64url').equals(mac)).toBe(true);
    expect(isExactSignature(other, mac)).toBe(false);
    expect(isExactSignature(`${text}=`, mac)).toBe(false);
    expect(isExactSignature(`${text.slice(0, 10)}.${text.slice(10)}`, mac)).toBe(false);
  });

  it('refuses other signatures, empty and multi-byte text', () => {
    expect(isExactSignature('', mac)).toBe(false);
    expect(isExactSignature(`${text.slice(0, -1)}é`, mac)).toBe(false);
    const other = createHmac('sha256', 'key').update('other').digest();
    expect(isExactSignature(other.toString('base64url'), mac)).toBe(false);
  });
});
