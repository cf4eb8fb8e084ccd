import { queueMail } from '../../mail/queue';
import { isUniqueViolation } from '../../db/unique-violation';
import { spendAccountToken, spendAccountTokens } from './account-tokens';
import { mailAccountLink } from './mail-link';
import { recipientOf, type AccountDeps } from './deps';
import { emailChangedMail, signupConfirmationMail } from './emails';
import { findAccount, markEmailVerified, updateAccount, type AccountRow } from './repository';

/**
 * Confirming an address by a mailed link (docs/product.md 'Accounts and sessions' ('E-mail
 * confirmation and change')): a new account's own address (link valid 24 h), or the new
 * address of an e-mail change (1 h), which then becomes the account's and the former address
 * is told.
 */

/** Mails the sign-up link; false when the address is one no mail can reach. */
export async function mailSignupConfirmation(
  deps: AccountDeps,
  account: Pick<AccountRow, 'id' | 'email' | 'firstName' | 'locale'>,
): Promise<boolean> {
  return mailAccountLink(deps, account, 'email_confirm', signupConfirmationMail);
}

/** The owner asks for the sign-up link again; nothing is sent once the address is confirmed. */
export async function resendSignupConfirmation(
  deps: AccountDeps,
  userId: string,
): Promise<'sent' | 'already_verified'> {
  const account = await findAccount(deps.db, userId);
  if (!account || account.emailVerifiedAt) return 'already_verified';
  await mailSignupConfirmation(deps, account);
  return 'sent';
}

export type ConfirmOutcome =
  | { kind: 'confirmed' | 'changed'; account: AccountRow }
  | { kind: 'token_invalid' }
  | { kind: 'email_taken' };

/** Spends a confirmation or change link and applies it, in one transaction. */
export async function confirmEmail(deps: AccountDeps, token: string): Promise<ConfirmOutcome> {
  try {
    const outcome = await deps.db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const now = deps.now();
      const spent = await spendAccountToken(tx, token, ['email_confirm', 'email_change'], now);
      const account = spent && (await findAccount(tx, spent.userId, true));
      if (!spent || !account) return { kind: 'token_invalid' };
      const updated = async () => (await findAccount(tx, account.id)) ?? account;
      if (spent.purpose === 'email_confirm' || !spent.newEmail) {
        await markEmailVerified(tx, account.id, now);
        return { kind: 'confirmed', account: await updated() };
      }
      // The unique index refuses an address another account took since the link was sent.
      await updateAccount(tx, account.id, { email: spent.newEmail, emailVerifiedAt: now });
      // Links mailed to the former address stop working with it.
      await spendAccountTokens(
        tx,
        account.id,
        ['password_reset', 'email_confirm', 'email_change'],
        now,
      );
      const notice = await emailChangedMail(recipientOf(account), deps.brand, spent.newEmail);
      await queueMail(tx, notice);
      return { kind: 'changed', account: await updated() };
    });
    if (outcome.kind === 'changed') deps.wakeMail();
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) return { kind: 'email_taken' };
    throw error;
  }
}
