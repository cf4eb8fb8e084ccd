import type { SavedMethod } from '@cadran/domain/auto-renewal-api';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { licenses } from '../../db/schema/licenses';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import type { Executor } from '../../db/transaction';

export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;
export type NewSavedMethod = Omit<typeof savedPaymentMethods.$inferInsert, 'id' | 'createdAt'>;

/** A saved method as its owner sees it: a label and, for a card, its expiry month. */
export const savedMethodView = (row: SavedMethodRow): SavedMethod => ({
  type: row.type,
  label: row.label,
  expires: row.expiresMonth,
});

/** Which checkout method a saved method is charged as (the sandbox stands in for both). */
export const chargedAs = (row: Pick<SavedMethodRow, 'type'>): PaymentMethod =>
  row.type === 'paypal' ? 'paypal' : 'stripe';

/**
 * Saves a method, or finds the one saved before under the same provider reference (a
 * replayed notification saves nothing twice).
 */
export async function saveMethod(db: Executor, values: NewSavedMethod): Promise<SavedMethodRow> {
  const [inserted] = await db
    .insert(savedPaymentMethods)
    .values(values)
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.provider, values.provider),
        eq(savedPaymentMethods.providerReference, values.providerReference),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('saved method neither inserted nor found');
  return existing;
}

/** The methods of these ids still attached, by id. */
export async function attachedMethods(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, SavedMethodRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(inArray(savedPaymentMethods.id, [...ids]), isNull(savedPaymentMethods.detachedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A paid order that asked for automatic renewal keeps the method it was paid with: saved for
 * its owner, and set on the licences the order issued (or the one it renewed), which renew
 * themselves from then on.
 */
export async function keepMethodForRenewals(
  db: Executor,
  order: { id: string; userId: string },
  method: Omit<NewSavedMethod, 'userId'>,
  renewedLicenceId: string | undefined,
): Promise<SavedMethodRow> {
  const saved = await saveMethod(db, { ...method, userId: order.userId });
  await db
    .update(licenses)
    .set({ autoRenew: true, savedMethodId: saved.id, autoRenewStoppedAt: null })
    .where(
      and(
        eq(licenses.userId, order.userId),
        renewedLicenceId ? eq(licenses.id, renewedLicenceId) : eq(licenses.orderId, order.id),
      ),
    );
  return saved;
}
