import { queueMail, type MailInput } from '../../mail/queue';
import type { MailBrand } from '../../mail/templates';
import { issueAccountToken, type AccountTokenPurpose } from './account-tokens';
import { recipientOf, type AccountDeps } from './deps';
import type { AccountMailRecipient } from './emails';
import type { AccountRow } from './repository';

/**
 * Issues a link for the account and queues the mail that carries it, in one transaction: the
 * link exists exactly when its mail does. False when the address is one no mail can reach.
 */
export async function mailAccountLink(
  deps: AccountDeps,
  account: Pick<AccountRow, 'id' | 'email' | 'firstName' | 'locale'>,
  purpose: AccountTokenPurpose,
  mail: (to: AccountMailRecipient, brand: MailBrand, token: string) => Promise<MailInput>,
): Promise<boolean> {
  const queued = await deps.db.transaction(async (tx) => {
    const { token } = await issueAccountToken(tx, { userId: account.id, purpose, now: deps.now() });
    // The mail carries the token, so it is drawn here, inside the transaction that issues it.
    return queueMail(tx, await mail(recipientOf(account), deps.brand, token));
  });
  if (queued) deps.wakeMail();
  return queued;
}
