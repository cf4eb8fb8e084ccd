import { and, eq, isNull } from 'drizzle-orm';
import { licensePlanChanges, licenses } from '../../db/schema/licenses';
import { orderItems } from '../../db/schema/orders';
import type { Transaction } from '../../db/transaction';
import type { OrderRow } from '../orders/repository';
import type { AppliedRenewal } from './renewal-term';
import { planTakenUp } from './renewal-term';
import { lockLicence } from './repository';

/**
 * In the fulfilment's transaction: if the paid order is an upgrade, the licence moves to its
 * plan at once (docs/product.md 'Licences' ('Plan changes')): template, limits and rights of
 * the new plan, the same key, the expiry the upgrade was priced for. A downgrade waiting for
 * the next renewal is dropped: the upgrade is the plan now. Undefined for any other order.
 */
export async function applyPlanChange(
  tx: Transaction,
  order: Pick<OrderRow, 'id'>,
  paidAt: Date,
): Promise<AppliedRenewal | undefined> {
  const [change] = await tx
    .select()
    .from(licensePlanChanges)
    .where(and(eq(licensePlanChanges.orderId, order.id), isNull(licensePlanChanges.appliedAt)))
    .limit(1)
    .for('update');
  if (!change) return undefined;
  const licence = await lockLicence(tx, change.licenseId);
  const [line] = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .limit(1);
  if (!licence || !line) throw new Error(`plan change ${change.id} cannot apply`);
  const [changed] = await tx
    .update(licenses)
    .set({
      expiresAt: change.expiresAt,
      ...planTakenUp({ ...licence, pendingTemplateId: line.templateId }, line),
    })
    .where(eq(licenses.id, licence.id))
    .returning();
  await tx
    .update(licensePlanChanges)
    .set({ appliedAt: paidAt })
    .where(eq(licensePlanChanges.id, change.id));
  if (!changed) throw new Error(`licence ${licence.id} vanished during its plan change`);
  return { licence: changed, period: { startsAt: paidAt, expiresAt: change.expiresAt } };
}
