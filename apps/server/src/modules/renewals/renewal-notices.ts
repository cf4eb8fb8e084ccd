import { and, eq, gt, isNull, lte, notExists } from 'drizzle-orm';
import { nextChargeAt, renewalNoticeAt } from '@cadran/domain/auto-renewal';
import { clientAreaPath } from '@cadran/domain/localized-path';
import { formatMoney } from '@cadran/domain/money';
import { isBusinessOrder } from '@cadran/domain/withdrawal';
import { licenses, renewalNotices } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import { isDeliverableAddress, writeMailJob } from '../../mail/queue';
import { formatDate } from '../../mail/templates';
import { loadRenewalBasis, priceRenewal, storedTax } from '../licenses/renewal-price';
import { findRecipient } from '../order-mail/recipient';
import type { DunningDeps } from './dunning';
import { renewalMail } from './emails';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The earliest a notice goes: three months (at most 92 days) before the term. */
const FURTHEST_NOTICE_MS = 92 * DAY_MS;

/**
 * The notice before an automatic renewal (docs/product.md 'Licences' ('Automatic renewal')):
 * the amount, the charge's date, the method and how to stop. A consumer's licence of a year or
 * more hears of it two months before its term, inside the window of Code de la consommation
 * L215-1 (three months to one month before); any other a week before (renewalNoticeAt). In the
 * language of the order the licence was bought with. Each is a renewal_notices row, keyed by
 * licence and term and written with its mail job: once whatever the number of processes, and a
 * crash before the commit leaves neither, so the next sweep sends it. Answers how many went.
 */
export async function sendRenewalNotices(
  deps: Pick<DunningDeps, 'db' | 'brand' | 'warn'>,
  now: Date,
): Promise<number> {
  const { db } = deps;
  const candidates = await db
    .select({ licence: licenses, method: savedPaymentMethods, order: orders })
    .from(licenses)
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .where(
      and(
        eq(licenses.autoRenew, true),
        eq(licenses.state, 'active'),
        isNull(savedPaymentMethods.detachedAt),
        gt(licenses.expiresAt, now),
        lte(licenses.expiresAt, new Date(now.getTime() + FURTHEST_NOTICE_MS)),
        notExists(
          db
            .select({ id: renewalNotices.licenseId })
            .from(renewalNotices)
            .where(
              and(
                eq(renewalNotices.licenseId, licenses.id),
                eq(renewalNotices.termExpiresAt, licenses.expiresAt),
              ),
            ),
        ),
      ),
    );

  let sent = 0;
  for (const { licence, method, order } of candidates) {
    const expiresAt = licence.expiresAt;
    const basis = expiresAt && (await loadRenewalBasis(db, licence));
    if (!expiresAt || !basis) continue;
    const billing = order.billingAddress as { company?: unknown };
    const consumer = !isBusinessOrder({
      company: typeof billing.company === 'string' ? billing.company : '',
      vatNumber: order.vatNumber,
    });
    const term = { startsAt: licence.startsAt, expiresAt };
    if (now < renewalNoticeAt(term, basis.cycle, consumer)) continue;
    const language = order.locale;
    const { quote, snapshot } = priceRenewal(basis, storedTax(basis.firstOrder));
    const recipient = await findRecipient(db, licence.userId);
    const mail =
      recipient &&
      isDeliverableAddress(recipient.email) &&
      (await renewalMail({
        recipient: { ...recipient, language },
        kind: 'renewal_notice',
        values: {
          key: licence.licenseKey,
          name:
            language === 'en'
              ? (snapshot.plan_name_en ?? snapshot.name_en)
              : (snapshot.plan_name ?? snapshot.name),
          amount: formatMoney(quote.totalCents, language),
          method: method.label,
          date: formatDate(nextChargeAt(expiresAt), language),
          expires: formatDate(expiresAt, language),
        },
        link: `${deps.brand.publicUrl}${clientAreaPath(`/licences/${licence.id}`, language)}`,
        brand: deps.brand,
      }));
    const written = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(renewalNotices)
        .values({ licenseId: licence.id, termExpiresAt: expiresAt, sentAt: now })
        .onConflictDoNothing()
        .returning({ licenseId: renewalNotices.licenseId });
      if (!row) return false;
      if (!mail) {
        deps.warn({ licenseId: licence.id }, 'renewal notice not sendable: no usable address');
        return true;
      }
      const jobId = await writeMailJob(tx, mail);
      await tx
        .update(renewalNotices)
        .set({ mailJobId: jobId })
        .where(
          and(
            eq(renewalNotices.licenseId, licence.id),
            eq(renewalNotices.termExpiresAt, expiresAt),
          ),
        );
      return true;
    });
    if (written) sent += 1;
  }
  return sent;
}
