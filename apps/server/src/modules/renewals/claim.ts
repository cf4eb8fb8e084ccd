import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { licenseRenewals } from '../../db/schema/licenses';
import type { Executor } from '../../db/transaction';
import type { TermRenewalRow } from './term-order';

/**
 * How long a run holds the term it is charging. A process that dies holding it lets go when
 * this lapses, and the next run resumes the term with the same idempotency key: longer than
 * any provider call may take (their clients time out well before).
 */
export const CHARGE_CLAIM_MS = 60_000;

/**
 * Takes the term for this run, if it is to be charged at `asOf` and no other run holds it:
 * one statement, so of two runs at once exactly one gets it. The claim's lapse is on the
 * database's clock, shared by every process.
 */
export async function claimTerm(
  db: Executor,
  renewal: TermRenewalRow,
  asOf: Date,
  claimMs = CHARGE_CLAIM_MS,
): Promise<TermRenewalRow | undefined> {
  const [claimed] = await db
    .update(licenseRenewals)
    .set({ claimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval` })
    .where(
      and(
        eq(licenseRenewals.id, renewal.id),
        inArray(licenseRenewals.chargeStatus, ['open', 'failing']),
        or(isNull(licenseRenewals.nextAttemptAt), lte(licenseRenewals.nextAttemptAt, asOf)),
        or(isNull(licenseRenewals.claimedUntil), lt(licenseRenewals.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  return claimed;
}

/** Lets the term go without deciding anything (the provider could not be reached). */
export async function releaseTerm(db: Executor, renewalId: string): Promise<void> {
  await db
    .update(licenseRenewals)
    .set({ claimedUntil: null })
    .where(eq(licenseRenewals.id, renewalId));
}
