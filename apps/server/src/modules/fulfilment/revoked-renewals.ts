import { orderEventReason } from '@cadran/domain/order-events';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import type { Transaction } from '../../db/transaction';
import type { LicenseRow } from '../licenses/license-records';
import { moveOrder } from '../orders/order-moves';
import type { OrderRow } from '../orders/repository';

/*
 * A revoked licence is never renewed (docs/product.md 'Licences' ('Renewal')): revoking it
 * cancels its renewal orders still open, and money that arrives for one anyway is handled like
 * money for any cancelled order (recorded, given back or flagged for staff, no invoice).
 */

/** Closes an order's open payment attempt, in the caller's transaction. */
export type CloseOpenPayment = (tx: Transaction, orderId: string) => Promise<unknown>;

/**
 * In the revocation's transaction: cancels every unpaid renewal order of the `revoked`
 * licences and closes its open payment, so the payment page and the PayPal return refuse it.
 * Answers the orders cancelled.
 */
export async function cancelRenewalsOfRevoked(
  tx: Transaction,
  revoked: readonly LicenseRow[],
  closeOpenPayment: CloseOpenPayment,
): Promise<OrderRow[]> {
  if (revoked.length === 0) return [];
  const keys = new Map(revoked.map((licence) => [licence.id, licence.licenseKey]));
  const open = await tx
    .select({ order: orders, licenseId: licenseRenewals.licenseId })
    .from(licenseRenewals)
    .innerJoin(orders, eq(orders.id, licenseRenewals.orderId))
    .where(
      and(
        inArray(licenseRenewals.licenseId, [...keys.keys()]),
        isNull(licenseRenewals.appliedAt),
        inArray(orders.status, ['pending', 'failed']),
      ),
    )
    .for('update', { of: orders });
  const cancelled: OrderRow[] = [];
  for (const { order, licenseId } of open) {
    const moved = await moveOrder(
      tx,
      order,
      { status: 'cancelled', paymentStatus: order.paymentStatus },
      orderEventReason('cancelled_licence_revoked', { key: keys.get(licenseId) ?? licenseId }),
    );
    if (!moved) continue;
    await closeOpenPayment(tx, order.id);
    cancelled.push(moved);
  }
  return cancelled;
}

/**
 * In the fulfilment's transaction, the order row locked: the key of the revoked licence this
 * order renews, if it renews one. Such an order is cancelled before its money is applied.
 */
export async function revokedLicenceRenewedBy(
  tx: Transaction,
  orderId: string,
): Promise<string | undefined> {
  const [renewed] = await tx
    .select({ key: licenses.licenseKey })
    .from(licenseRenewals)
    .innerJoin(licenses, eq(licenses.id, licenseRenewals.licenseId))
    .where(
      and(
        eq(licenseRenewals.orderId, orderId),
        isNull(licenseRenewals.appliedAt),
        eq(licenses.state, 'revoked'),
      ),
    )
    .limit(1);
  return renewed?.key;
}
