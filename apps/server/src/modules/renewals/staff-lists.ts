import type { AdminRenewal } from '@cadran/domain/auto-renewal-api';
import { nextChargeAt } from '@cadran/domain/auto-renewal';
import type { Language } from '@cadran/domain/constants';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems, orders } from '../../db/schema/orders';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import { users } from '../../db/schema/users';
import { planNameSql } from './plan-name';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The back office looks this far ahead, and this far back at what stopped. */
const UPCOMING_DAYS = 30;
const STOPPED_DAYS = 90;
const LIST_MAX = 200;

/**
 * The back office's renewals (docs/product.md 'Back office' ('Renewals')): licences that renew
 * themselves within 30 days, those whose charge is failing with their dunning stage, and those
 * that stopped renewing in the last 90 days (their owner cancelled, or every retry failed).
 */
export async function staffRenewals(db: Database, now: Date, lang: Language) {
  const base = {
    licenseId: licenses.id,
    email: users.email,
    templateName: planNameSql(lang),
    cycle: sql<string>`coalesce(${orderItems.templateSnapshot}->>'billing_cycle', '')`,
    expiresAt: licenses.expiresAt,
    methodLabel: savedPaymentMethods.label,
  };
  const select = () =>
    db
      .select({
        ...base,
        amount: orders.totalCents,
        failures: licenseRenewals.failures,
        nextAttemptAt: licenseRenewals.nextAttemptAt,
        lastError: licenseRenewals.lastError,
        chargeStatus: licenseRenewals.chargeStatus,
      })
      .from(licenses)
      .innerJoin(users, eq(users.id, licenses.userId))
      .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
      .leftJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
      .leftJoin(
        licenseRenewals,
        and(
          eq(licenseRenewals.licenseId, licenses.id),
          eq(licenseRenewals.termExpiresAt, licenses.expiresAt),
        ),
      )
      .leftJoin(orders, eq(orders.id, licenseRenewals.orderId));

  const [upcoming, failing, stopped] = await Promise.all([
    select()
      .where(
        and(
          eq(licenses.autoRenew, true),
          eq(licenses.state, 'active'),
          gt(licenses.expiresAt, now),
          lte(licenses.expiresAt, new Date(now.getTime() + UPCOMING_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(licenses.expiresAt))
      .limit(LIST_MAX),
    select()
      .where(inArray(licenseRenewals.chargeStatus, ['failing', 'abandoned']))
      .orderBy(asc(licenseRenewals.nextAttemptAt))
      .limit(LIST_MAX),
    select()
      .where(
        and(
          eq(licenses.autoRenew, false),
          isNotNull(licenses.autoRenewStoppedAt),
          gt(licenses.autoRenewStoppedAt, new Date(now.getTime() - STOPPED_DAYS * DAY_MS)),
        ),
      )
      .orderBy(desc(licenses.autoRenewStoppedAt))
      .limit(LIST_MAX),
  ]);
  const view = (row: (typeof upcoming)[number]): AdminRenewal => ({
    license_id: row.licenseId,
    customer_email: row.email,
    template_name: row.templateName,
    billing_cycle: row.cycle,
    next_charge_at:
      row.chargeStatus === 'failing'
        ? (row.nextAttemptAt?.toISOString() ?? null)
        : row.expiresAt && row.chargeStatus !== 'abandoned'
          ? nextChargeAt(row.expiresAt).toISOString()
          : null,
    amount: row.amount,
    method_label: row.methodLabel,
    dunning_stage: row.failures ?? 0,
    last_error: row.lastError,
  });
  return {
    upcoming: upcoming.filter((row) => row.chargeStatus !== 'failing').map(view),
    failing: failing.map(view),
    stopped: stopped.map(view),
  };
}
