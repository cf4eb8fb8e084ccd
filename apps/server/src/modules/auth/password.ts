import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing (docs/product.md 'Accounts and sessions' ('Register')): argon2id with the OWASP
 * minimum parameters (19 MiB of memory, 2 passes, 1 lane). About 55 ms per hash on the target
 * machine.
 */

// The package declares Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export const hashPassword = (password: string): Promise<string> =>
  hash(password, PASSWORD_HASH_OPTIONS);

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker (older) parameters than today's. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      used.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      used.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification for an e-mail that has no account, so the answer
 * time does not reveal which addresses are registered (no account enumeration).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
