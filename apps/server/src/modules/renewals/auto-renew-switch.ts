import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '@cadran/domain/constants';
import { clientAreaPath } from '@cadran/domain/localized-path';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems } from '../../db/schema/orders';
import { queueMail } from '../../mail/queue';
import { formatDate, type MailBrand } from '../../mail/templates';
import { loadRenewalBasis } from '../licenses/renewal-price';
import { attachedMethods } from '../licenses/saved-methods';
import { findRecipient } from '../order-mail/recipient';
import { renewalMail } from './emails';
import { planNameSql } from './plan-name';

export type SwitchResult =
  { kind: 'switched' | 'unchanged' } | { kind: 'not_found' } | { kind: 'no_method' };

export interface SwitchDeps {
  db: Database;
  brand: MailBrand;
  now: () => Date;
  /** Wakes the mail worker after a commit that queued the confirmation. */
  wakeMail: () => void;
}

/**
 * The owner turns a licence's automatic renewal on or off (docs/product.md 'Licences'
 * ('Automatic renewal')). On needs a saved method and a term to renew. Off is the online
 * termination function: no charge is made any more (a failing one stops being retried), the
 * licence runs to its term, and the owner gets the confirmation by e-mail, once.
 */
export async function switchAutoRenew(
  deps: SwitchDeps,
  userId: string,
  licenseId: string,
  enabled: boolean,
  lang: Language,
): Promise<SwitchResult> {
  if (!isUuid(licenseId)) return { kind: 'not_found' };
  const [found] = await deps.db
    .select({ licence: licenses, planName: planNameSql(lang) })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .limit(1);
  if (!found) return { kind: 'not_found' };
  const { licence } = found;
  if (licence.autoRenew === enabled) return { kind: 'unchanged' };
  if (enabled) {
    const methods = await attachedMethods(
      deps.db,
      licence.savedMethodId ? [licence.savedMethodId] : [],
    );
    const basis = await loadRenewalBasis(deps.db, licence);
    if (methods.size === 0 || !basis) return { kind: 'no_method' };
    await deps.db
      .update(licenses)
      .set({ autoRenew: true, autoRenewStoppedAt: null })
      .where(eq(licenses.id, licence.id));
    return { kind: 'switched' };
  }
  const recipient = await findRecipient(deps.db, userId);
  const mail =
    recipient &&
    (await renewalMail({
      recipient: { ...recipient, language: lang },
      kind: 'auto_renew_stopped',
      values: {
        key: licence.licenseKey,
        name: found.planName,
        expires: licence.expiresAt ? formatDate(licence.expiresAt, lang) : '-',
      },
      link: `${deps.brand.publicUrl}${clientAreaPath(`/licences/${licence.id}`, lang)}`,
      brand: deps.brand,
    }));
  const switched = await deps.db.transaction(async (tx) => {
    const [off] = await tx
      .update(licenses)
      .set({ autoRenew: false, autoRenewStoppedAt: deps.now() })
      .where(and(eq(licenses.id, licence.id), eq(licenses.autoRenew, true)))
      .returning({ id: licenses.id });
    if (!off) return false;
    // A charge not yet made, or being retried, is not made any more.
    await tx
      .update(licenseRenewals)
      .set({ chargeStatus: 'cancelled', nextAttemptAt: null })
      .where(
        and(
          eq(licenseRenewals.licenseId, licence.id),
          inArray(licenseRenewals.chargeStatus, ['open', 'failing']),
        ),
      );
    if (mail) await queueMail(tx, mail);
    return true;
  });
  if (switched && mail) deps.wakeMail();
  return { kind: switched ? 'switched' : 'unchanged' };
}
