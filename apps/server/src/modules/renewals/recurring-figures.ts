import { monthlyCents } from '@cadran/domain/auto-renewal';
import { isBillingCycle } from '@cadran/domain/billing-cycles';
import { and, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseTemplates } from '../../db/schema/catalog';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems, orders } from '../../db/schema/orders';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The renewal rate looks at the terms that fell due over this many days. */
const RATE_DAYS = 90;

/**
 * Recurring revenue on the dashboard (docs/product.md 'Back office'), in cents: MRR, the renewal
 * prices of the licences that renew themselves brought to one month (a year's price over twelve),
 * ARR twelve times that; the renewal rate, automatic terms charged over those that fell due in
 * 90 days (0 when none did); and the money dunning recovered, renewals paid after a failure.
 */
export async function recurringFigures(db: Database, now: Date) {
  const [renewing, decided, [recovered]] = await Promise.all([
    db
      .select({
        priceCents: licenseTemplates.renewalPriceCents,
        cycle: sql<string>`coalesce(${orderItems.templateSnapshot}->>'billing_cycle', '')`,
      })
      .from(licenses)
      .innerJoin(licenseTemplates, eq(licenseTemplates.id, licenses.templateId))
      .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
      .where(
        and(
          eq(licenses.autoRenew, true),
          eq(licenses.state, 'active'),
          gt(licenses.expiresAt, now),
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
  const mrr = renewing.reduce(
    (total, row) =>
      total + (isBillingCycle(row.cycle) ? monthlyCents(row.priceCents, row.cycle) : 0),
    0,
  );
  const due = decided.reduce((total, row) => total + Number(row.n), 0);
  const charged = Number(decided.find((row) => row.status === 'charged')?.n ?? 0);
  return {
    mrr,
    arr: mrr * 12,
    renewal_rate: due === 0 ? 0 : charged / due,
    recovered_by_dunning: Number(recovered?.cents ?? 0),
  };
}
