import { eq } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { sessions, users } from '../../db/schema/users';
import { customerProfile, findCustomer } from './customers-query';

/**
 * What staff do to a client account (docs/product.md 'Back office'): end its sessions, lock it
 * (it can no longer sign in, and its sessions end in the same transaction) and unlock it. Each
 * writes its audit entry in the change's transaction. Staff accounts are not reachable here.
 */

export type CustomerActionResult<T> =
  | { kind: 'not_found' }
  | { kind: 'already_locked' }
  | { kind: 'not_locked' }
  | ({ kind: 'done' } & T);

type Profile = Awaited<ReturnType<typeof customerProfile>>;

const endSessionsOf = async (tx: Transaction, userId: string): Promise<number> =>
  (await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }))
    .length;

export async function endCustomerSessions(
  db: Database,
  customerId: string,
  actor: StaffActor,
): Promise<CustomerActionResult<{ ended: number }>> {
  const user = await findCustomer(db, customerId);
  if (!user) return { kind: 'not_found' };
  const ended = await db.transaction(async (tx) => {
    const count = await endSessionsOf(tx, user.id);
    await recordStaffAction(tx, actor, {
      action: 'customer.sessions_end',
      target: { type: 'user', id: user.id },
      before: { email: user.email },
      after: { email: user.email, sessions_ended: count },
    });
    return count;
  });
  return { kind: 'done', ended };
}

export async function setCustomerLock(
  db: Database,
  customerId: string,
  lock: { reason: string } | null,
  actor: StaffActor,
): Promise<CustomerActionResult<{ customer: Profile; sessionsEnded: number }>> {
  const user = await findCustomer(db, customerId);
  if (!user) return { kind: 'not_found' };
  if (lock && user.lockedAt) return { kind: 'already_locked' };
  if (!lock && !user.lockedAt) return { kind: 'not_locked' };
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set(
        lock
          ? { lockedAt: new Date(), lockReason: lock.reason }
          : { lockedAt: null, lockReason: null },
      )
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) return undefined;
    const sessionsEnded = lock ? await endSessionsOf(tx, user.id) : 0;
    const view = (row: typeof users.$inferSelect) => ({
      email: row.email,
      locked_at: row.lockedAt,
      lock_reason: row.lockReason,
    });
    await recordStaffAction(tx, actor, {
      action: lock ? 'customer.lock' : 'customer.unlock',
      target: { type: 'user', id: user.id },
      before: view(user),
      after: { ...view(updated), ...(lock ? { sessions_ended: sessionsEnded } : {}) },
    });
    return { updated, sessionsEnded };
  });
  if (!done) return { kind: 'not_found' };
  return {
    kind: 'done',
    customer: await customerProfile(db, done.updated),
    sessionsEnded: done.sessionsEnded,
  };
}
