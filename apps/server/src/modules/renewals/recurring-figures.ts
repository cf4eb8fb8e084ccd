import { monthlyCents } from '@cadran/domain/auto-renewal';
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import { loadRenewalBasis, priceRenewal, storedTax } from '../licenses/renewal-price';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The renewal rate looks at the terms that fell due over this many days. */
const RATE_DAYS = 90;

/**
 * Recurring revenue on the dashboard (docs/product.md 'Back office'), in cents: MRR, what each
 * active licence renewing itself on a saved method is charged for its next term before VAT (its
 * renewal priced by the same code as the charge: the plan it renews as, a downgrade waiting
 * included, with its extras), brought to one month by that term's cycle (a year over twelve);
 * ARR twelve times that; the renewal rate, automatic terms charged over those that fell due in
 * 90 days (0 when none did); and the money dunning recovered, renewals paid after a failure.
 */
export async function recurringFigures(db: Database, now: Date) {
  const [renewing, decided, [recovered]] = await Promise.all([
    db
      .select({ licence: licenses })
      .from(licenses)
      .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
      .where(
        and(
          eq(licenses.autoRenew, true),
          eq(licenses.state, 'active'),
          gt(licenses.expiresAt, now),
          isNull(savedPaymentMethods.detachedAt),
        ),
      ),
    db
      .select({ status: licenseRenewals.chargeStatus, n: sql<number>`count(*)::int` })
      .from(licenseRenewals)
      .where(
        and(
          isNotNull(licenseRenewals.termExpiresAt),
          gte(licenseRenewals.termExpiresAt, new Date(now.getTime() - RATE_DAYS * DAY_MS)),
          lte(licenseRenewals.termExpiresAt, now),
          inArray(licenseRenewals.chargeStatus, ['charged', 'abandoned', 'cancelled']),
        ),
      )
      .groupBy(licenseRenewals.chargeStatus),
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int` })
      .from(licenseRenewals)
      .innerJoin(orders, eq(orders.id, licenseRenewals.orderId))
      .where(and(eq(licenseRenewals.chargeStatus, 'charged'), gt(licenseRenewals.failures, 0))),
  ]);
  let mrr = 0;
  for (const { licence } of renewing) {
    const basis = await loadRenewalBasis(db, licence);
    if (!basis) continue;
    const { quote } = priceRenewal(basis, storedTax(basis.firstOrder));
    mrr += monthlyCents(quote.taxableCents, basis.cycle);
  }
  const due = decided.reduce((total, row) => total + Number(row.n), 0);
  const charged = Number(decided.find((row) => row.status === 'charged')?.n ?? 0);
  return {
    mrr,
    arr: mrr * 12,
    renewal_rate: due === 0 ? 0 : charged / due,
    recovered_by_dunning: Number(recovered?.cents ?? 0),
  };
}
