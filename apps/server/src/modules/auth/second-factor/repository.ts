import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { staffRecoveryCodes, staffSecondFactors } from '../../../db/schema/staff';
import { sessions } from '../../../db/schema/users';
import type { Executor } from '../../../db/transaction';

export type StoredSecondFactor = typeof staffSecondFactors.$inferSelect;

/** The staff authenticator rows (see the schema for what each column keeps). */
export class SecondFactorRepository {
  constructor(readonly db: Database) {}

  async find(userId: string): Promise<StoredSecondFactor | undefined> {
    const [row] = await this.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, userId))
      .limit(1);
    return row;
  }

  /** Starts (or restarts) an enrolment; never replaces a confirmed authenticator. */
  async savePending(userId: string, secretCiphertext: string): Promise<boolean> {
    const rows = await this.db
      .insert(staffSecondFactors)
      .values({ userId, secretCiphertext })
      .onConflictDoUpdate({
        target: staffSecondFactors.userId,
        set: { secretCiphertext, confirmedAt: null, lastStep: null },
        setWhere: isNull(staffSecondFactors.confirmedAt),
      })
      .returning({ userId: staffSecondFactors.userId });
    return rows.length > 0;
  }

  /**
   * Records `step` as used, for a confirmed authenticator (or the pending one on confirmation),
   * only if it is later than the last: of two requests with the same code, one wins.
   */
  async claimStep(
    executor: Executor,
    userId: string,
    step: number,
    confirming: boolean,
    now: Date,
  ): Promise<boolean> {
    const rows = await executor
      .update(staffSecondFactors)
      .set({ lastStep: step, ...(confirming ? { confirmedAt: now } : {}) })
      .where(
        and(
          eq(staffSecondFactors.userId, userId),
          confirming
            ? isNull(staffSecondFactors.confirmedAt)
            : or(isNull(staffSecondFactors.lastStep), lt(staffSecondFactors.lastStep, step)),
        ),
      )
      .returning({ userId: staffSecondFactors.userId });
    return rows.length > 0;
  }

  async replaceRecoveryCodes(executor: Executor, userId: string, hashes: string[]): Promise<void> {
    await executor.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await executor
      .insert(staffRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Spends an unused recovery code; false when there is none with that hash. */
  async spendRecoveryCode(executor: Executor, userId: string, codeHash: string, now: Date) {
    const rows = await executor
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return rows.length > 0;
  }

  async countUnusedRecoveryCodes(userId: string): Promise<number> {
    return this.db.$count(
      staffRecoveryCodes,
      and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)),
    );
  }

  async markSessionVerified(executor: Executor, sessionId: string, now: Date): Promise<void> {
    await executor.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
  }
}
