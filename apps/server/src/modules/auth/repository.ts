import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffSecondFactors } from '../../db/schema/staff';
import { sessions, users } from '../../db/schema/users';
import { BROWSER_SESSION, REMEMBERED_SESSION } from './session-policy';

/** Account columns any module may see: everything but the password hash. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  phone: users.phone,
  addressLine1: users.addressLine1,
  city: users.city,
  postalCode: users.postalCode,
  country: users.country,
  siren: users.siren,
  locale: users.locale,
  emailVerifiedAt: users.emailVerifiedAt,
};

export type Account = {
  id: string;
  email: string;
  role: 'client' | 'admin' | 'support';
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  country: string;
  /** The company's SIREN given on the profile; null when none. */
  siren: string | null;
  locale: 'fr' | 'en';
  /** When the owner confirmed the address by link; null until then. */
  emailVerifiedAt: Date | null;
};

export type NewAccount = Omit<Account, 'id' | 'role' | 'emailVerifiedAt' | 'siren'> & {
  passwordHash: string;
};

export interface StoredSession {
  id: string;
  userId: string;
  remember: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  /** When this session's staff member proved their second factor; null until then. */
  secondFactorAt: Date | null;
}

/** Whether an account opens the back office (docs/product.md 'Back office'). */
export const isStaff = (account: Pick<Account, 'role'>): boolean =>
  account.role === 'admin' || account.role === 'support';

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findCredentials(
    email: string,
  ): Promise<{ account: Account; passwordHash: string; locked: boolean } | undefined> {
    const [row] = await this.db
      .select({ ...accountColumns, passwordHash: users.passwordHash, lockedAt: users.lockedAt })
      .from(users)
      // A deleted account keeps its row, anonymised, for its orders: it never signs in again.
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    if (!row) return undefined;
    const { passwordHash, lockedAt, ...account } = row;
    return { account, passwordHash, locked: lockedAt !== null };
  }

  /** Inserts a client account; undefined when the e-mail is already taken (unique index). */
  async insertClient(input: NewAccount): Promise<Account | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({ ...input, role: 'client' })
      .onConflictDoNothing({ target: users.email })
      .returning(accountColumns);
    return row;
  }

  async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async insertSession(values: {
    tokenHash: string;
    userId: string;
    remember: boolean;
    now: Date;
    expiresAt: Date;
    /** The browser's short label (./device-label.ts), shown in the owner's list of sessions. */
    device?: string | null;
  }): Promise<void> {
    await this.db.insert(sessions).values({
      tokenHash: values.tokenHash,
      userId: values.userId,
      remember: values.remember,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
      device: values.device ?? null,
    });
  }

  /** The session, its account and whether that account has a confirmed second factor. */
  async findSession(
    tokenHash: string,
  ): Promise<
    { session: StoredSession; account: Account; secondFactorEnrolled: boolean } | undefined
  > {
    const [row] = await this.db
      .select({
        session: {
          id: sessions.id,
          userId: sessions.userId,
          remember: sessions.remember,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          secondFactorAt: sessions.secondFactorAt,
        },
        account: accountColumns,
        factorConfirmedAt: staffSecondFactors.confirmedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(staffSecondFactors, eq(staffSecondFactors.userId, sessions.userId))
      // A locked account's sessions were ended with the lock; one opened in the same instant
      // opens nothing either.
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(users.lockedAt)))
      .limit(1);
    if (!row) return undefined;
    const { factorConfirmedAt, ...found } = row;
    return { ...found, secondFactorEnrolled: factorConfirmedAt !== null };
  }

  async touchSession(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }

  async deleteSessionById(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  async deleteSessionByTokenHash(tokenHash: string): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ id: sessions.id });
    return deleted.length;
  }

  /** Removes sessions past their absolute or idle limit; cheap thanks to the expires_at index. */
  async deleteExpiredSessions(now: Date): Promise<number> {
    const idleBefore = (idleMs: number) => new Date(now.getTime() - idleMs);
    const deleted = await this.db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, now),
          and(
            eq(sessions.remember, false),
            lt(sessions.lastSeenAt, idleBefore(BROWSER_SESSION.idleMs)),
          ),
          and(
            eq(sessions.remember, true),
            lt(sessions.lastSeenAt, idleBefore(REMEMBERED_SESSION.idleMs)),
          ),
        ),
      )
      .returning({ id: sql<string>`${sessions.id}` });
    return deleted.length;
  }
}
