import { and, eq, inArray, isNull } from 'drizzle-orm';
import { orderEventReason } from '@cadran/domain/order-events';
import { licenseRenewals } from '../../db/schema/licenses';
import { ONE_OPEN_RENEWAL_PER_LICENSE, orders } from '../../db/schema/orders';
import { OPEN_PAYMENT_ATTEMPT_STATUSES, payments } from '../../db/schema/payments';
import type { Database } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import type { LicenseRow } from '../licenses/license-records';
import { insertRenewalOrder, openRenewalOrder, type RenewalDeps } from '../licenses/renewal';
import { noteOrderEvent } from '../orders/order-moves';
import { loadRenewalBasis } from '../licenses/renewal-price';
import { chargedAs, type SavedMethodRow } from '../licenses/saved-methods';

export type TermRenewalRow = typeof licenseRenewals.$inferSelect;

/** The constraint that makes one renewal order per licence and term. */
const ONE_CHARGE_PER_TERM = 'license_renewals_one_charge_per_term';

async function findTermRenewal(
  db: Database,
  licenseId: string,
  termExpiresAt: Date,
): Promise<TermRenewalRow | undefined> {
  const [row] = await db
    .select()
    .from(licenseRenewals)
    .where(
      and(
        eq(licenseRenewals.licenseId, licenseId),
        eq(licenseRenewals.termExpiresAt, termExpiresAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The renewal order of the licence's current term, placed on first call (docs/product.md
 * 'Licences' ('Automatic renewal')). Two runs placing it at once meet on the unique (licence,
 * term): one order is written, the other run reads it. A renewal the owner opened by hand and
 * left unpaid becomes the term's (adoptHandRenewal) rather than stand in its way. Undefined
 * when the licence cannot renew, or the owner is paying their renewal right now.
 */
export async function termRenewal(
  deps: RenewalDeps,
  licence: LicenseRow & { expiresAt: Date },
  method: SavedMethodRow,
): Promise<TermRenewalRow | undefined> {
  const existing = await findTermRenewal(deps.db, licence.id, licence.expiresAt);
  if (existing) return existing;
  const basis = await loadRenewalBasis(deps.db, licence);
  if (!basis) return undefined;
  try {
    await insertRenewalOrder(deps, basis, {
      paymentMethod: chargedAs(method),
      language: basis.firstOrder.locale,
      reason: orderEventReason('automatic_renewal'),
      term: { expiresAt: licence.expiresAt },
    });
  } catch (error) {
    const violated = violatedUniqueConstraint(error);
    // Another run placed it first: its order is the term's. One open renewal per licence: the
    // one the owner opened by hand is taken over if nobody is paying it.
    if (violated === ONE_OPEN_RENEWAL_PER_LICENSE)
      return adoptHandRenewal(deps.db, licence, method);
    if (violated !== ONE_CHARGE_PER_TERM) throw error;
  }
  return findTermRenewal(deps.db, licence.id, licence.expiresAt);
}

/**
 * The renewal order the owner opened by hand, made the term's: the saved method charges it as it
 * would the run's own order (its method and its automatic flag follow), so an unpaid renewal
 * never keeps a licence that renews itself from renewing. A transfer announced for it and not
 * arrived when the term is due lapses (money that still comes is refunded as a late payment);
 * a card or PayPal payment under way is the owner's to finish, and the next run looks again. In
 * one transaction with the order locked, so a payment starting at that moment waits and then
 * sees the order as the run left it.
 */
async function adoptHandRenewal(
  db: Database,
  licence: LicenseRow & { expiresAt: Date },
  method: SavedMethodRow,
): Promise<TermRenewalRow | undefined> {
  return db.transaction(async (tx) => {
    const open = await openRenewalOrder(tx, licence.id);
    if (!open || open.status === 'processing') return undefined;
    const [order] = await tx.select().from(orders).where(eq(orders.id, open.id)).for('update');
    const [paying] = await tx
      .select({ id: payments.id, provider: payments.provider })
      .from(payments)
      .where(
        and(eq(payments.orderId, open.id), inArray(payments.status, OPEN_PAYMENT_ATTEMPT_STATUSES)),
      )
      .limit(1);
    if (!order || (paying && paying.provider !== 'bank_transfer')) return undefined;
    if (paying)
      await tx
        .update(payments)
        .set({ status: 'cancelled', failureReason: 'payment.expired', updatedAt: new Date() })
        .where(eq(payments.id, paying.id));
    const [adopted] = await tx
      .update(licenseRenewals)
      .set({ termExpiresAt: licence.expiresAt, chargeStatus: 'open' })
      .where(
        and(
          eq(licenseRenewals.orderId, open.id),
          isNull(licenseRenewals.termExpiresAt),
          isNull(licenseRenewals.appliedAt),
        ),
      )
      .returning();
    if (!adopted) return undefined;
    await tx
      .update(orders)
      .set({ paymentMethod: chargedAs(method), autoRenew: true, updatedAt: new Date() })
      .where(eq(orders.id, open.id));
    await noteOrderEvent(tx, order, orderEventReason('automatic_renewal'));
    return adopted;
  });
}
