import { queueMail } from '../../mail/queue';
import { hashPassword, verifyPassword } from '../auth/password';
import { issueAccountToken, spendAccountTokens } from './account-tokens';
import { recipientOf, type AccountDeps } from './deps';
import { emailChangeMail, emailTakenMail, passwordChangedMail } from './emails';
import {
  endSessions,
  findAccount,
  findAccountByEmail,
  updateAccount,
  type AccountRow,
} from './repository';

/**
 * Changing the e-mail address and the password (docs/product.md 'Accounts and sessions'
 * ('Security settings')). Both ask for the current password first, so a session left open on
 * a shared computer cannot take the account over.
 */

/** The signed-in account with its hash, after checking `password` against it. */
async function reauthenticated(
  deps: AccountDeps,
  userId: string,
  password: string,
): Promise<AccountRow | undefined> {
  const account = await findAccount(deps.db, userId);
  if (!account || !(await verifyPassword(account.passwordHash, password))) return undefined;
  return account;
}

export type EmailChangeOutcome = 'sent' | 'password_wrong' | 'same_email';

/**
 * Mails a link to the new address; the account keeps its address until the link is opened.
 * When another account has the new address, that mailbox is told instead and the requester
 * gets the same answer, so the form reveals no one's address.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  userId: string,
  newEmail: string,
  password: string,
): Promise<EmailChangeOutcome> {
  const account = await reauthenticated(deps, userId, password);
  if (!account) return 'password_wrong';
  if (account.email === newEmail) return 'same_email';
  const holder = await findAccountByEmail(deps.db, newEmail);
  const notice = holder && (await emailTakenMail(recipientOf(holder), deps.brand));
  const queued = await deps.db.transaction(async (tx) => {
    if (notice) return queueMail(tx, notice);
    const { token } = await issueAccountToken(tx, {
      userId: account.id,
      purpose: 'email_change',
      newEmail,
      now: deps.now(),
    });
    const to = { ...recipientOf(account), email: newEmail };
    return queueMail(tx, await emailChangeMail(to, deps.brand, token));
  });
  if (queued) deps.wakeMail();
  return 'sent';
}

/**
 * Sets a new password (already checked against the registration rules) and ends every other
 * session of the account; the one that made the change stays signed in. The owner is told by
 * mail.
 */
export async function changePassword(
  deps: AccountDeps,
  userId: string,
  currentSessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<{ changed: true; ended: number } | { changed: false }> {
  const account = await reauthenticated(deps, userId, currentPassword);
  if (!account) return { changed: false };
  const passwordHash = await hashPassword(newPassword);
  const now = deps.now();
  const notice = await passwordChangedMail(recipientOf(account), deps.brand, now, 'changed');
  // The notice is queued with the change: both happen, or neither.
  const ended = await deps.db.transaction(async (tx) => {
    await updateAccount(tx, account.id, { passwordHash });
    await spendAccountTokens(tx, account.id, ['password_reset'], now);
    await queueMail(tx, notice);
    return endSessions(tx, account.id, currentSessionId);
  });
  deps.wakeMail();
  return { changed: true, ended };
}
