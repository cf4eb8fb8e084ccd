import { clientAreaPath } from '@cadran/domain/localized-path';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { cardExpiryInstant, cardExpiryNoticeDue, nextChargeAt } from '@cadran/domain/auto-renewal';
import type { Language } from '@cadran/domain/constants';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { orderItems, orders } from '../../db/schema/orders';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import { queueMail } from '../../mail/queue';
import { formatDate, type MailBrand } from '../../mail/templates';
import { findRecipient } from '../order-mail/recipient';
import { renewalMail } from './emails';
import { planNameSql } from './plan-name';

export interface CardExpiryDeps {
  db: Database;
  brand: MailBrand;
  warn: (facts: object, message: string) => void;
}

/** "2027-04" -> the instant the card stops working; undefined for anything else. */
function cardEnd(expiresMonth: string | null): Date | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(expiresMonth ?? '');
  return match ? cardExpiryInstant(Number(match[1]), Number(match[2])) : undefined;
}

const monthName = (end: Date, lang: Language): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(end);

/**
 * Tells the owner of a saved card that it stops working before the licence's next automatic
 * charge (docs/product.md 'Licences' ('Dunning')), 30 days before it expires, in the language of
 * the licence's order, with the licence's page where a new method is saved. Once per card and
 * expiry: the card's row records the notice in the transaction that queues it, so two
 * processes, or a sweep run again, never send it twice. A card on several licences names the
 * one charged first. Answers how many notices were queued.
 */
export async function sendCardExpiryNotices(deps: CardExpiryDeps, now: Date): Promise<number> {
  const rows = await deps.db
    .select({
      licence: licenses,
      method: savedPaymentMethods,
      language: orders.locale,
      planFr: planNameSql('fr'),
      planEn: planNameSql('en'),
    })
    .from(licenses)
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .where(
      and(
        eq(licenses.autoRenew, true),
        eq(licenses.state, 'active'),
        isNotNull(licenses.expiresAt),
        eq(savedPaymentMethods.type, 'card'),
        isNull(savedPaymentMethods.detachedAt),
        isNull(savedPaymentMethods.expiryNoticeSentAt),
      ),
    )
    .orderBy(asc(licenses.expiresAt), asc(licenses.id));

  const told = new Set<string>();
  let queued = 0;
  for (const { licence, method, language, planFr, planEn } of rows) {
    const end = cardEnd(method.expiresMonth);
    if (!end || !licence.expiresAt || told.has(method.id)) continue;
    const chargeAt = nextChargeAt(licence.expiresAt);
    if (!cardExpiryNoticeDue(end, chargeAt, now)) continue;
    told.add(method.id);
    const recipient = await findRecipient(deps.db, licence.userId);
    if (!recipient) {
      deps.warn({ licenseId: licence.id }, 'card expiry notice not sendable: no account');
      continue;
    }
    const mail = await renewalMail({
      recipient: { ...recipient, language },
      kind: 'card_expiring',
      values: {
        method: method.label,
        name: language === 'en' ? planEn : planFr,
        key: licence.licenseKey,
        expires: monthName(end, language),
        date: formatDate(chargeAt, language),
      },
      link: `${deps.brand.publicUrl}${clientAreaPath(`/licences/${licence.id}`, language)}`,
      brand: deps.brand,
    });
    const sent = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(savedPaymentMethods)
        .set({ expiryNoticeSentAt: now })
        .where(
          and(
            eq(savedPaymentMethods.id, method.id),
            isNull(savedPaymentMethods.expiryNoticeSentAt),
          ),
        )
        .returning({ id: savedPaymentMethods.id });
      return claimed ? queueMail(tx, mail) : false;
    });
    if (sent) queued += 1;
  }
  return queued;
}
