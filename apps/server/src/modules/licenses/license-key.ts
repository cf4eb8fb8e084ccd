import { randomBytes } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '@cadran/domain/orders';

/**
 * Licence keys (docs/product.md 'Licences'): "CDR-" then four groups of five characters of the
 * order-number alphabet (no 0/O or 1/I, so a key read aloud or typed from paper is unambiguous).
 * 20 x 5 = 100 random bits: guessing a key is hopeless, and a clash with the unique column is not a
 * case worth a retry loop.
 */
export const LICENSE_KEY_PATTERN = /^CDR(-[2-9A-HJ-NP-Z]{5}){4}$/;

const GROUPS = 4;
const GROUP_LENGTH = 5;

export function generateLicenseKey(random: (size: number) => Uint8Array = randomBytes): string {
  // One byte per character, keeping its low 5 bits: 256 is a multiple of 32, so no bias.
  const bytes = random(GROUPS * GROUP_LENGTH);
  const chars = Array.from(bytes, (byte) => ORDER_NUMBER_ALPHABET.charAt(byte & 31));
  const groups: string[] = [];
  for (let i = 0; i < GROUPS; i += 1) {
    groups.push(chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
  }
  return `CDR-${groups.join('-')}`;
}
