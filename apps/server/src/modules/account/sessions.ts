import type { AccountSession } from '@cadran/domain/account';
import { isUuid } from '@cadran/domain/uuid';
import { and, desc, eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/users';
import { isStaff } from '../auth/repository';
import { judgeSession } from '../auth/session-policy';
import type { AccountDeps } from './deps';
import { endSessions, sessionColumns } from './repository';

/**
 * The owner's open sessions (docs/product.md 'Accounts and sessions' ('Sessions and tokens')):
 * listed newest first with the browser's label, ended one by one or all but the current one.
 * A session of another account is treated as unknown.
 */
export async function listSessions(
  deps: AccountDeps,
  account: { id: string; role: 'client' | 'admin' | 'support' },
  currentSessionId: string,
): Promise<AccountSession[]> {
  const rows = await deps.db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.userId, account.id))
    .orderBy(desc(sessions.createdAt));
  const now = deps.now();
  // Sessions past their idle or absolute limit wait for the sweep; they are over already.
  return rows
    .filter((row) => judgeSession(row, now, isStaff(account)) !== 'expired')
    .map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      current: row.id === currentSessionId,
      device: row.device,
    }));
}

/** Ends one of the account's sessions; false for an unknown, foreign or malformed id. */
export async function endSession(
  deps: AccountDeps,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** "Sign out everywhere else": every session of the account but the current one. */
export const endOtherSessions = (deps: AccountDeps, userId: string, currentSessionId: string) =>
  endSessions(deps.db, userId, currentSessionId);
