import { HttpError } from '../../http/http-error';
import { PASSWORD_MIN } from '@cadran/domain/auth';

/**
 * The breached-password rule of every new password (registration, reset, change;
 * docs/product.md 'Accounts and sessions' ('Register')): a password found in the list of the
 * most common passwords of public breaches is refused. The list is the one zxcvbn-ts ships
 * (@zxcvbn-ts/language-common, about 49,000 passwords from breach corpora), kept in memory
 * offline: no password, nor any part of its hash, leaves the server. Loaded on first use, and
 * only the entries long enough to pass the length rule are kept.
 */
let breached: Promise<ReadonlySet<string>> | undefined;

async function loadBreachedList(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(
    dictionary['passwords-common']
      .filter((entry) => entry.length >= PASSWORD_MIN)
      .map((entry) => entry.toLowerCase()),
  );
}

/** Whether the password, case aside, is one of the breached passwords. */
export async function isBreachedPassword(password: string): Promise<boolean> {
  breached ??= loadBreachedList();
  return (await breached).has(password.toLowerCase());
}

/** Throws the 400 of a breached password, on the body field that carried it. */
export async function assertPasswordNotBreached(password: string, field: string): Promise<void> {
  if (await isBreachedPassword(password)) {
    throw new HttpError(400, 'auth.password.breached', {
      fieldErrors: { [field]: ['auth.password.breached'] },
    });
  }
}
