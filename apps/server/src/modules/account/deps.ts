import type { Database } from '../../db/client';
import type { MailBrand } from '../../mail/templates';
import type { AccountMailRecipient } from './emails';
import type { AccountRow } from './repository';

/** What every account use case works with; the plugin builds it once. */
export interface AccountDeps {
  db: Database;
  /** The site, support address and seller every mail shows. */
  brand: MailBrand;
  /** The clock of link lifetimes; tests may move it. */
  now: () => Date;
  /** Has this process deliver at once the mail a committed transaction queued. */
  wakeMail: () => void;
}

export const recipientOf = (
  account: Pick<AccountRow, 'email' | 'firstName' | 'locale'>,
): AccountMailRecipient => ({
  email: account.email,
  firstName: account.firstName,
  language: account.locale,
});
