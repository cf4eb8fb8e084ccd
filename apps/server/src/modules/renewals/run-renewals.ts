import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { RENEWAL_CHARGE_LEAD_DAYS } from '@cadran/domain/auto-renewal';
import type { RenewalRunResult } from '@cadran/domain/auto-renewal-api';
import { graceEndsAt } from '@cadran/domain/licenses';
import { licenses } from '../../db/schema/licenses';
import { orderItems } from '../../db/schema/orders';
import { savedPaymentMethods } from '../../db/schema/saved-methods';
import type { RenewalDeps } from '../licenses/renewal';
import { chargeTerm, type ChargeDeps } from './charge-term';
import { claimTerm } from './claim';
import { dunFailedDebits } from './failed-debits';
import { planNameSql } from './plan-name';
import { termRenewal } from './term-order';

export interface RunDeps extends ChargeDeps {
  renewal: RenewalDeps;
  /** Tests shorten how long a run holds a term. */
  claimMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Counts = Omit<RenewalRunResult, 'success'>;

/**
 * The renewal run (docs/product.md 'Licences' ('Automatic renewal')): every licence that renews
 * itself and whose term is due at `asOf` (a day before it ends, or any time in its grace while
 * its charge is being retried) is charged once for that term. Each licence is taken by one run
 * only (claimTerm), so two processes, a retried job or a run resumed after a crash never charge
 * a term twice. `asOf` decides what is due and the terms; the invoices are issued at the real
 * time.
 */
export async function runRenewals(deps: RunDeps, asOf: Date): Promise<Counts> {
  const due = await deps.db
    .select({
      licence: licenses,
      method: savedPaymentMethods,
      planName: planNameSql('fr'),
      planNameEn: planNameSql('en'),
    })
    .from(licenses)
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(
      and(
        eq(licenses.autoRenew, true),
        eq(licenses.state, 'active'),
        isNotNull(licenses.expiresAt),
        lte(licenses.expiresAt, new Date(asOf.getTime() + RENEWAL_CHARGE_LEAD_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(licenses.expiresAt), asc(licenses.id));

  // Debits returned after they were accepted, which a process that died did not yet dun.
  const counts: Counts = { charged: 0, failed: await dunFailedDebits(deps, asOf), skipped: 0 };
  for (const { licence, method, planName, planNameEn } of due) {
    const { expiresAt } = licence;
    // A term whose grace ended before the run is not charged after the fact.
    if (!expiresAt || graceEndsAt(expiresAt) <= asOf || method.detachedAt !== null) {
      counts.skipped += 1;
      continue;
    }
    const renewal = await termRenewal(deps.renewal, { ...licence, expiresAt }, method);
    const claimed = renewal && (await claimTerm(deps.db, renewal, asOf, deps.claimMs));
    if (!claimed?.termExpiresAt) {
      counts.skipped += 1;
      continue;
    }
    const outcome = await chargeTerm(
      deps,
      {
        renewal: { ...claimed, termExpiresAt: claimed.termExpiresAt },
        licence,
        method,
        planName: { fr: planName, en: planNameEn },
      },
      asOf,
    );
    counts[outcome] += 1;
  }
  return counts;
}
