import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { contactMessages } from '../../db/schema/contact';
import { sessions, users } from '../../db/schema/users';
import { accountColumns, type Account } from '../auth/repository';

/** An account as the account pages read it: the signed-in account, its hash for re-checks. */
export type AccountRow = Account & {
  passwordHash: string;
  vatNumber: string | null;
  createdAt: Date;
};

const accountRowColumns = {
  ...accountColumns,
  passwordHash: users.passwordHash,
  vatNumber: users.vatNumber,
  createdAt: users.createdAt,
};

/** A live (not deleted) account by id; `forUpdate` locks its row until the transaction ends. */
export async function findAccount(
  executor: Executor,
  userId: string,
  forUpdate = false,
): Promise<AccountRow | undefined> {
  const query = executor
    .select(accountRowColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A live account by its (lower-cased) address. */
export async function findAccountByEmail(
  executor: Executor,
  email: string,
): Promise<AccountRow | undefined> {
  const [row] = await executor
    .select(accountRowColumns)
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Whether any account row, deleted ones included, holds this address (the unique index). */
export async function emailInUse(executor: Executor, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

export async function updateAccount(
  executor: Executor,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await executor.update(users).set(values).where(eq(users.id, userId));
}

/** Marks the address confirmed, unless it already was (the first date is kept). */
export async function markEmailVerified(executor: Executor, userId: string, now: Date) {
  await executor
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

/** Ends the account's sessions, all of them or all but `keepSessionId`; answers how many. */
export async function endSessions(
  executor: Executor,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const ended = await executor
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Contact messages sent from an address: the form keeps the address as typed, any case. */
export const contactFromAddress = (email: string) =>
  sql`lower(${contactMessages.email}) = ${email}`;

/** What the owner sees of a session (never its token hash). */
export const sessionColumns = {
  id: sessions.id,
  remember: sessions.remember,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  device: sessions.device,
};
