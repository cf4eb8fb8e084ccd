import { and, eq } from 'drizzle-orm';
import { retryAt } from '@cadran/domain/auto-renewal';
import type { Language } from '@cadran/domain/constants';
import { clientAreaPath } from '@cadran/domain/localized-path';
import { graceEndsAt } from '@cadran/domain/licenses';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { formatMoney } from '@cadran/domain/money';
import { orderEventReason } from '@cadran/domain/order-events';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { queueMail } from '../../mail/queue';
import { formatDate, type MailBrand } from '../../mail/templates';
import type { LicenseRow } from '../licenses/license-records';
import type { SavedMethodRow } from '../licenses/saved-methods';
import { findRecipient } from '../order-mail/recipient';
import { noteOrderEvent } from '../orders/order-moves';
import type { OrderRow } from '../orders/repository';
import { renewalMail } from './emails';
import type { TermRenewalRow } from './term-order';

export interface DunningDeps {
  db: Database;
  brand: MailBrand;
  /** Days after the first failure at which the charge is tried again (a setting). */
  retryDays: readonly number[];
  warn: (facts: object, message: string) => void;
}

export interface FailedCharge {
  renewal: TermRenewalRow & { termExpiresAt: Date };
  licence: LicenseRow;
  method: SavedMethodRow;
  order: OrderRow;
  /** The plan's name as the buyer knows it, in French and English. */
  planName: { fr: string; en: string };
  /** Why the charge failed, a message key of the catalogue. */
  reason: MessageKey;
  requiresAction: boolean;
  asOf: Date;
}

/**
 * A failed automatic charge (docs/product.md 'Licences' ('Dunning')): the term records the
 * failure and its next try on the retry schedule, counted from the first failure; the buyer is
 * e-mailed a link to pay (authenticating if the bank asks) or change the method, and the order's
 * history says so. Once the schedule is spent the licence stops renewing itself and runs out its
 * grace. Written once per failure: a replay of the same attempt changes nothing.
 */
export async function recordFailedCharge(
  deps: DunningDeps,
  failed: FailedCharge,
): Promise<boolean> {
  const { renewal, licence, order, asOf } = failed;
  const failures = renewal.failures + 1;
  const firstFailedAt = renewal.firstFailedAt ?? asOf;
  const next = retryAt(firstFailedAt, failures, deps.retryDays);
  const recipient = await findRecipient(deps.db, licence.userId);
  const language: Language = order.locale;
  const kind =
    next === null
      ? 'renewal_abandoned'
      : failed.requiresAction
        ? 'action_required'
        : 'charge_failed';
  const mail =
    recipient &&
    (await renewalMail({
      recipient: { ...recipient, language },
      kind,
      values: {
        key: licence.licenseKey,
        name: failed.planName[language],
        amount: formatMoney(order.totalCents, language),
        method: failed.method.label,
        reason: translateMessage(failed.reason, language),
        next: next ? formatDate(next, language) : '',
        grace: formatDate(graceEndsAt(renewal.termExpiresAt), language),
      },
      link: `${deps.brand.publicUrl}${clientAreaPath(`/orders/${encodeURIComponent(order.orderNumber)}`, language)}`,
      methodLink: `${deps.brand.publicUrl}${clientAreaPath(`/licences/${licence.id}`, language)}`,
      brand: deps.brand,
    }));
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(licenseRenewals)
      .set({
        failures,
        firstFailedAt,
        nextAttemptAt: next,
        lastError: failed.reason,
        chargeStatus: next === null ? 'abandoned' : 'failing',
        claimedUntil: null,
      })
      .where(
        and(eq(licenseRenewals.id, renewal.id), eq(licenseRenewals.failures, renewal.failures)),
      )
      .returning({ id: licenseRenewals.id });
    if (!recorded) return false;
    if (next === null) {
      await tx
        .update(licenses)
        .set({ autoRenew: false, autoRenewStoppedAt: asOf })
        .where(eq(licenses.id, licence.id));
      await noteOrderEvent(tx, order, orderEventReason('renewal_abandoned'));
    }
    const queued = mail ? await queueMail(tx, mail) : false;
    if (queued) {
      await noteOrderEvent(
        tx,
        order,
        orderEventReason('dunning_mail_sent', {
          attempt: failures,
          next: next ? next.toISOString() : '-',
        }),
      );
    } else {
      deps.warn({ orderId: order.id }, 'payment reminder not sendable: no usable address');
    }
    return true;
  });
}
