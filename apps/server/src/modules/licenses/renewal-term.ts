import { isBillingCycle } from '@cadran/domain/billing-cycles';
import { renewalPeriod, type RenewalPeriod } from '@cadran/domain/licenses';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems } from '../../db/schema/orders';
import type { Transaction } from '../../db/transaction';
import { OrderItemCustomizationsSchema } from '@cadran/domain/orders';
import type { OrderItemRow, OrderRow } from '../orders/repository';
import { TemplateSnapshotSchema, type TemplateSnapshot } from '../orders/template-snapshot';
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
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .limit(1);
  const cycle = (line?.templateSnapshot as Partial<TemplateSnapshot> | undefined)?.billing_cycle;
  if (!licence || !line || !isBillingCycle(cycle)) {
    throw new Error(`renewal ${renewal.id} cannot apply`);
  }
  // An automatic renewal continues the term it renews, even paid late in its grace (dunning);
  // a renewal asked for by hand starts at the payment once the licence has expired.
  const period = renewalPeriod(licence, cycle, renewal.termExpiresAt ?? paidAt);
  if (!period) throw new Error(`licence ${licence.id} does not renew`);
  const [renewed] = await tx
    .update(licenses)
    .set({ expiresAt: period.expiresAt, ...planTakenUp(licence, line) })
    .where(eq(licenses.id, licence.id))
    .returning();
  await tx
    .update(licenseRenewals)
    .set({
      periodStartsAt: period.startsAt,
      periodEndsAt: period.expiresAt,
      appliedAt: paidAt,
      ...(renewal.chargeStatus ? { chargeStatus: 'charged' as const, claimedUntil: null } : {}),
    })
    .where(eq(licenseRenewals.id, renewal.id));
  if (!renewed) throw new Error(`licence ${licence.id} vanished during its renewal`);
  return { licence: renewed, period };
}

/**
 * A downgrade waiting for this renewal takes effect with it: the licence moves to the plan of
 * the renewal line (template, limits with the extras bought, update rights) and that line
 * becomes the one it is sold as. The key stays. Nothing changes for a plan kept.
 */
export function planTakenUp(
  licence: LicenseRow,
  line: OrderItemRow,
): Partial<typeof licenses.$inferInsert> {
  if (licence.pendingTemplateId === null || licence.pendingTemplateId !== line.templateId) {
    return {};
  }
  const snapshot = TemplateSnapshotSchema.parse(line.templateSnapshot);
  const custom = OrderItemCustomizationsSchema.parse(line.customizations);
  return {
    templateId: line.templateId,
    orderItemId: line.id,
    domainLimit: snapshot.domain_limit + custom.extra_domains,
    installationLimit: snapshot.installation_limit + custom.extra_installations,
    updatePermissions: snapshot.update_permissions,
    pendingTemplateId: null,
    pendingBillingCycle: null,
  };
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
