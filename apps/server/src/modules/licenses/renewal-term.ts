import { isBillingCycle } from '@cadran/domain/billing-cycles';
import { renewalPeriod, type RenewalPeriod } from '@cadran/domain/licenses';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems } from '../../db/schema/orders';
import type { Transaction } from '../../db/transaction';
import type { OrderRow } from '../orders/repository';
import type { TemplateSnapshot } from '../orders/template-snapshot';
import type { LicenseRow } from './license-records';
import { lockLicence } from './repository';

/*
 * The term a paid renewal adds to its licence (docs/product.md 'Licences' ('Renewal')): applied
 * when the renewal order is paid, taken back when that order is refunded.
 */

export interface AppliedRenewal {
  licence: LicenseRow;
  period: RenewalPeriod;
}

/**
 * In the fulfilment's transaction: if the paid order renews a licence, its expiry moves by
 * one cycle (renewalPeriod) and the renewal records the period. Undefined for any other order,
 * and for a renewal already applied (its order is paid once; a replay changes nothing).
 */
export async function applyRenewal(
  tx: Transaction,
  order: Pick<OrderRow, 'id'>,
  paidAt: Date,
): Promise<AppliedRenewal | undefined> {
  const [renewal] = await tx
    .select()
    .from(licenseRenewals)
    .where(and(eq(licenseRenewals.orderId, order.id), isNull(licenseRenewals.appliedAt)))
    .limit(1)
    .for('update');
  if (!renewal) return undefined;
  const licence = await lockLicence(tx, renewal.licenseId);
  const [line] = await tx
    .select({ snapshot: orderItems.templateSnapshot })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .limit(1);
  const cycle = (line?.snapshot as Partial<TemplateSnapshot> | undefined)?.billing_cycle;
  if (!licence || !isBillingCycle(cycle)) throw new Error(`renewal ${renewal.id} cannot apply`);
  const period = renewalPeriod(licence, cycle, paidAt);
  if (!period) throw new Error(`licence ${licence.id} does not renew`);
  const [renewed] = await tx
    .update(licenses)
    .set({ expiresAt: period.expiresAt })
    .where(eq(licenses.id, licence.id))
    .returning();
  await tx
    .update(licenseRenewals)
    .set({ periodStartsAt: period.startsAt, periodEndsAt: period.expiresAt, appliedAt: paidAt })
    .where(eq(licenseRenewals.id, renewal.id));
  if (!renewed) throw new Error(`licence ${licence.id} vanished during its renewal`);
  return { licence: renewed, period };
}

export interface WithdrawnRenewal {
  licence: LicenseRow;
  /** The expiry the renewal had set, before it was taken back. */
  expiredAt: Date;
}

/**
 * In a refund's transaction: if the refunded order renewed a licence, the term it paid for is
 * taken back, so the licence expires as if that renewal had never been bought. The licence's
 * expiry moves back by the length of the renewal's period (to the period's start, unless a
 * later renewal was added on top of it). Undefined for any other order.
 */
export async function withdrawRenewal(
  tx: Transaction,
  order: Pick<OrderRow, 'id'>,
): Promise<WithdrawnRenewal | undefined> {
  const [renewal] = await tx
    .select()
    .from(licenseRenewals)
    .where(and(eq(licenseRenewals.orderId, order.id), isNotNull(licenseRenewals.appliedAt)))
    .limit(1);
  const { periodStartsAt, periodEndsAt } = renewal ?? {};
  if (!renewal || !periodStartsAt || !periodEndsAt) return undefined;
  const licence = await lockLicence(tx, renewal.licenseId);
  if (!licence?.expiresAt) return undefined;
  const term = periodEndsAt.getTime() - periodStartsAt.getTime();
  const [withdrawn] = await tx
    .update(licenses)
    .set({ expiresAt: new Date(licence.expiresAt.getTime() - term) })
    .where(eq(licenses.id, licence.id))
    .returning();
  if (!withdrawn) throw new Error(`licence ${licence.id} vanished during a refund`);
  return { licence: withdrawn, expiredAt: licence.expiresAt };
}
