import { and, desc, eq } from 'drizzle-orm';
import { isMessageKey, type MessageKey } from '@cadran/domain/messages';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import { recordFailedCharge, type DunningDeps } from './dunning';
import { planNameSql } from './plan-name';

/**
 * A debit that failed after it was accepted for processing (a SEPA debit the bank returned
 * days later): its term waited in `processing`, and the provider's notification failed the
 * payment through the one fulfilment path. Here the term joins the dunning as a refusal at the
 * charge would (docs/product.md 'Licences' ('Dunning')): failure counted, retry scheduled,
 * buyer e-mailed, order's history written. Run right after such a notification is applied, and
 * by every renewal run, so a process that died in between still dunned the term; a term told
 * twice records one failure (recordFailedCharge compares the count it read).
 *
 * `orderId` limits it to the order the notification was about. Answers how many terms were
 * moved to the dunning.
 */
export async function dunFailedDebits(
  deps: DunningDeps,
  asOf: Date,
  orderId?: string,
): Promise<number> {
  const failedDebits = await deps.db
    .select({
      renewal: licenseRenewals,
      licence: licenses,
      method: savedPaymentMethods,
      order: orders,
      planName: planNameSql('fr'),
      planNameEn: planNameSql('en'),
    })
    .from(licenseRenewals)
    .innerJoin(orders, eq(orders.id, licenseRenewals.orderId))
    .innerJoin(licenses, eq(licenses.id, licenseRenewals.licenseId))
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(
      and(
        eq(licenseRenewals.chargeStatus, 'processing'),
        eq(orders.paymentStatus, 'failed'),
        ...(orderId ? [eq(orders.id, orderId)] : []),
      ),
    );
  let dunned = 0;
  for (const { renewal, licence, method, order, planName, planNameEn } of failedDebits) {
    if (!renewal.termExpiresAt) continue;
    const recorded = await recordFailedCharge(deps, {
      renewal: { ...renewal, termExpiresAt: renewal.termExpiresAt },
      licence,
      method,
      order,
      planName: { fr: planName, en: planNameEn },
      reason: await failureOf(deps, order.id),
      requiresAction: false,
      asOf,
    });
    if (recorded) dunned += 1;
  }
  return dunned;
}

/** Why the order's latest attempt failed, as the fulfilment recorded it. */
async function failureOf(deps: DunningDeps, orderId: string): Promise<MessageKey> {
  const [latest] = await deps.db
    .select({ reason: payments.failureReason })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return latest?.reason && isMessageKey(latest.reason) ? latest.reason : 'payment.refused';
}
