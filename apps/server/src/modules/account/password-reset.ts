import { z } from 'zod';
import { EMAIL_MAX } from '@cadran/domain/fields';
import { defineJob } from '../../jobs/definition';
import { sendJob } from '../../jobs/boss';
import { queueMail } from '../../mail/queue';
import { hashPassword } from '../auth/password';
import { spendAccountToken, spendAccountTokens } from './account-tokens';
import { recipientOf, type AccountDeps } from './deps';
import { mailAccountLink } from './mail-link';
import { passwordChangedMail, passwordResetMail } from './emails';
import {
  endSessions,
  findAccount,
  findAccountByEmail,
  markEmailVerified,
  updateAccount,
} from './repository';

/**
 * The forgotten password (docs/product.md 'Accounts and sessions' ('Forgotten password')).
 * The request only writes a job with the address, whether or not an account has it, so the
 * answer, its timing and the database work of the request are the same for every address
 * (no enumeration); the job looks the account up and mails the link, or does nothing.
 */
export const PASSWORD_RESET_JOB = defineJob<{ email: string }>({
  name: 'account-password-reset',
  payload: z.object({ email: z.string().min(1).max(EMAIL_MAX) }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  timeoutSeconds: 60,
});

export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  await sendJob(deps.db, PASSWORD_RESET_JOB, { email });
}

/** The job: a link for the account with this address, if there is one. */
export async function mailPasswordReset(deps: AccountDeps, email: string): Promise<boolean> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) return false;
  return mailAccountLink(deps, account, 'password_reset', passwordResetMail);
}

/**
 * Sets the password a reset link allows: the link is spent, every session of the account
 * ends (whoever knew the old password is signed out), and since the link came by mail the
 * address counts as confirmed. The new password has passed the registration rules already; the
 * owner is told by mail, in the same transaction.
 */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<'reset' | 'token_invalid'> {
  const passwordHash = await hashPassword(password);
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const spent = await spendAccountToken(tx, token, ['password_reset'], now);
    const account = spent && (await findAccount(tx, spent.userId));
    if (!account) return 'token_invalid';
    await updateAccount(tx, account.id, { passwordHash });
    await markEmailVerified(tx, account.id, now);
    await spendAccountTokens(tx, account.id, ['password_reset'], now);
    await endSessions(tx, account.id);
    await queueMail(tx, await passwordChangedMail(recipientOf(account), deps.brand, now, 'reset'));
    return 'reset';
  });
  if (outcome === 'reset') deps.wakeMail();
  return outcome;
}
