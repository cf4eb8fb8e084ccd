import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';

/** Who an order's e-mails are written to: the account's own address and first name. */
export interface MailRecipient {
  email: string;
  firstName: string;
}

/** The recipient of an order's mail, read in the caller's transaction; undefined if the account is gone. */
export async function findRecipient(
  db: Executor,
  userId: string,
): Promise<MailRecipient | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
