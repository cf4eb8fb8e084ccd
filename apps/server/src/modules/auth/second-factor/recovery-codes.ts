import { createHash, randomInt } from 'node:crypto';

/**
 * One-time recovery codes, for a staff member who lost their authenticator: ten of them, each
 * two groups of five characters from an alphabet without look-alikes (50 bits). Only their
 * SHA-256 is stored; typing is forgiving about case, spaces and the dash.
 */

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

const group = () =>
  Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);

/** The stored form of a typed code, or undefined when it cannot be one. */
export function recoveryCodeHash(typed: string): string | undefined {
  const compact = typed.toLowerCase().replace(/[\s-]/g, '');
  if (compact.length !== 2 * GROUP || [...compact].some((c) => !ALPHABET.includes(c))) {
    return undefined;
  }
  const canonical = `${compact.slice(0, GROUP)}-${compact.slice(GROUP)}`;
  return createHash('sha256').update(canonical).digest('hex');
}
