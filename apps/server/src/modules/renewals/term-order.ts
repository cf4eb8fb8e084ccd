import { and, eq } from 'drizzle-orm';
import { orderEventReason } from '@cadran/domain/order-events';
import { licenseRenewals } from '../../db/schema/licenses';
import type { Database } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import type { LicenseRow } from '../licenses/license-records';
import { insertRenewalOrder, type RenewalDeps } from '../licenses/renewal';
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
 * term): one order is written, the other run reads it. Undefined when the licence cannot
 * renew, or another open renewal of it stands in the way (one bought by hand).
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
    // Another run placed it first: its order is the term's. Any other unique rule on renewals
    // (one open renewal per licence: one bought by hand is being paid) makes the licence wait.
    if (violated === undefined) throw error;
    if (violated !== ONE_CHARGE_PER_TERM) return undefined;
  }
  return findTermRenewal(deps.db, licence.id, licence.expiresAt);
}
