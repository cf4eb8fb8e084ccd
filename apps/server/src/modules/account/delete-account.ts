import { eq } from 'drizzle-orm';
import { accountTokens } from '../../db/schema/account-tokens';
import { contactMessages } from '../../db/schema/contact';
import { newsletterSubscribers } from '../../db/schema/newsletter';
import { roadmapVotes } from '../../db/schema/roadmap';
import { queueMail } from '../../mail/queue';
import { verifyPassword } from '../auth/password';
import { isStaff } from '../auth/repository';
import { recipientOf, type AccountDeps } from './deps';
import { accountDeletedMail } from './emails';
import { contactFromAddress, endSessions, findAccount, updateAccount } from './repository';

/**
 * Deleting an account (docs/product.md 'Accounts and sessions' ('Export and deletion'),
 * docs/decisions/027-account-tokens-and-deletion.md). Orders, their invoices, payments and
 * licences are accounting records the seller must keep for 10 years (French commercial code,
 * art. L123-22): they stay, still pointing at the account's row, and invoices keep the billing
 * identity they were issued with. Everything else personal goes, in one transaction: the row
 * is anonymised and can no longer sign in, sessions and links are deleted, roadmap votes and
 * the newsletter subscription removed, contact messages from the address anonymised. The
 * receipt is queued to the address first, in the same transaction.
 */
export type DeleteOutcome = 'deleted' | 'password_wrong' | 'staff';

/** What a deleted account's row keeps: nothing that names a person. */
const anonymisedAccount = (userId: string, now: Date) => ({
  email: `deleted-${userId}@deleted.invalid`,
  // Not an argon2 hash: no password can ever match it.
  passwordHash: '!deleted',
  firstName: '',
  lastName: '',
  company: null,
  phone: '',
  addressLine1: '',
  postalCode: '',
  city: '',
  vatNumber: null,
  siren: null,
  emailVerifiedAt: null,
  deletedAt: now,
});

export async function deleteAccount(
  deps: AccountDeps,
  userId: string,
  password: string,
): Promise<DeleteOutcome> {
  const account = await findAccount(deps.db, userId);
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    return 'password_wrong';
  }
  // Staff accounts sign the audit trail; they are closed by an administrator, not from here.
  if (isStaff(account)) return 'staff';
  const now = deps.now();
  // Nothing in the receipt comes from the transaction: it is drawn before it opens.
  const receipt = await accountDeletedMail(recipientOf(account), deps.brand, now);
  await deps.db.transaction(async (tx) => {
    await queueMail(tx, receipt);
    await endSessions(tx, account.id);
    await tx.delete(accountTokens).where(eq(accountTokens.userId, account.id));
    await tx.delete(roadmapVotes).where(eq(roadmapVotes.userId, account.id));
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, account.email));
    await tx
      .update(contactMessages)
      .set({
        name: '',
        email: 'deleted@deleted.invalid',
        company: null,
        message: '',
        ip: null,
        userAgent: null,
      })
      .where(contactFromAddress(account.email));
    await updateAccount(tx, account.id, anonymisedAccount(account.id, now));
  });
  deps.wakeMail();
  return 'deleted';
}
