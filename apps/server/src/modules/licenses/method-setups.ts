import { and, eq, sql } from 'drizzle-orm';
import type { MethodSetup } from '@cadran/domain/method-setup-api';
import { isUuid } from '@cadran/domain/uuid';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { methodSetups, savedPaymentMethods } from '../../db/schema/saved-methods';
import type { Executor } from '../../db/transaction';
import { saveMethod, savedMethodView, type NewSavedMethod } from './saved-methods';

export type MethodSetupRow = typeof methodSetups.$inferSelect;

/**
 * A setup of its owner, with the licence it is for and the method on file now; nothing for
 * anyone else, an unknown id or one that is not a UUID.
 */
export async function findOwnedSetup(
  db: Executor,
  setupId: string,
  userId: string,
): Promise<{ row: MethodSetupRow; view: MethodSetup } | undefined> {
  if (!isUuid(setupId)) return undefined;
  const [found] = await db
    .select({ setup: methodSetups, licence: licenses, method: savedPaymentMethods })
    .from(methodSetups)
    .innerJoin(licenses, eq(licenses.id, methodSetups.licenseId))
    .leftJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
    .where(and(eq(methodSetups.id, setupId), eq(methodSetups.userId, userId)))
    .limit(1);
  if (!found || found.licence.userId !== userId) return undefined;
  const current = found.method && found.method.detachedAt === null ? found.method : null;
  return {
    row: found.setup,
    view: {
      id: found.setup.id,
      status: found.setup.status,
      license_id: found.licence.id,
      license_key: found.licence.licenseKey,
      current_method: current ? savedMethodView(current) : null,
    },
  };
}

/** The setup a provider's notification names, by the provider's own reference. */
export async function findSetupByReference(
  db: Executor,
  provider: MethodSetupRow['provider'],
  reference: string,
): Promise<MethodSetupRow | undefined> {
  const [row] = await db
    .select()
    .from(methodSetups)
    .where(and(eq(methodSetups.provider, provider), eq(methodSetups.providerReference, reference)))
    .limit(1);
  return row;
}

/**
 * The buyer saved a new method (the sandbox decision, or the provider's notification): once
 * per setup, in one transaction, the method is kept for its owner, put on the licence for its
 * next charges, and a term whose charge is failing becomes due at once, so the next run charges
 * the new method instead of waiting for the retry schedule. A second completion (a replayed
 * notification, a double click) changes nothing and answers false.
 */
export async function completeMethodSetup(
  db: Executor,
  setup: Pick<MethodSetupRow, 'id' | 'userId' | 'licenseId'>,
  method: Omit<NewSavedMethod, 'userId'>,
  now: Date,
): Promise<boolean> {
  const [completed] = await db
    .update(methodSetups)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(methodSetups.id, setup.id), eq(methodSetups.status, 'open')))
    .returning({ id: methodSetups.id });
  if (!completed) return false;
  const saved = await saveMethod(db, { ...method, userId: setup.userId });
  await db
    .update(licenses)
    .set({ savedMethodId: saved.id })
    .where(and(eq(licenses.id, setup.licenseId), eq(licenses.userId, setup.userId)));
  await db
    .update(licenseRenewals)
    .set({
      nextAttemptAt: sql`least(${licenseRenewals.nextAttemptAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(licenseRenewals.licenseId, setup.licenseId),
        eq(licenseRenewals.chargeStatus, 'failing'),
      ),
    );
  return true;
}
