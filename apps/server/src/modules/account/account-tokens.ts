import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { accountTokens, type ACCOUNT_TOKEN_PURPOSES } from '../../db/schema/account-tokens';
import { generateToken, hashToken, isWellFormedToken } from '../auth/tokens';

/**
 * Single-use links mailed to an account's owner (docs/decisions/027-account-tokens-and-deletion.md):
 * 32 random bytes in base64url, like session tokens; only their SHA-256 is stored.
 */
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const MINUTE = 60_000;
/** How long each kind of link is valid. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * MINUTE,
  email_confirm: 24 * 60 * MINUTE,
  email_change: 60 * MINUTE,
};

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/**
 * Writes a new link for `purpose` and spends the account's earlier unused ones of the same
 * purpose, so only the latest mail works.
 */
export async function issueAccountToken(
  executor: Executor,
  input: { userId: string; purpose: AccountTokenPurpose; newEmail?: string; now: Date },
): Promise<IssuedToken> {
  await spendAccountTokens(executor, input.userId, [input.purpose], input.now);
  const token = generateToken();
  const expiresAt = new Date(input.now.getTime() + TOKEN_LIFETIME_MS[input.purpose]);
  await executor.insert(accountTokens).values({
    tokenHash: hashToken(token),
    purpose: input.purpose,
    userId: input.userId,
    newEmail: input.newEmail ?? null,
    expiresAt,
    createdAt: input.now,
  });
  return { token, expiresAt };
}

export interface SpentToken {
  userId: string;
  purpose: AccountTokenPurpose;
  newEmail: string | null;
}

/**
 * Spends a link if it is one of `purposes`, unused and unexpired, in the one statement that
 * checks it: of two simultaneous uses exactly one gets the row. Anything else (forged,
 * malformed, expired, used, meant for something else) is undefined, with no difference.
 */
export async function spendAccountToken(
  executor: Executor,
  token: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
): Promise<SpentToken | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        // A link meant for something else is left as it is, unspent.
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({
      userId: accountTokens.userId,
      purpose: accountTokens.purpose,
      newEmail: accountTokens.newEmail,
    });
  return row;
}

/** Spends every unused link of these purposes of an account (a password change ends resets). */
export async function spendAccountTokens(
  executor: Executor,
  userId: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** The address an e-mail change still waits to confirm, or null. */
export async function pendingEmailChange(
  executor: Executor,
  userId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await executor
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'email_change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}
