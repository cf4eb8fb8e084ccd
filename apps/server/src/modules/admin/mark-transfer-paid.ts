import type { AdminOrder } from '@cadran/domain/staff-orders';
import { isUuid } from '@cadran/domain/uuid';
import { eq } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { SettleTransferResult, TransferReceived } from '../fulfilment/settle-bank-transfer';
import type { FulfilmentService } from '../fulfilment/service';
import { toAdminOrder } from './orders-query';

export interface MarkTransferPaidDeps {
  db: Database;
  fulfilment: FulfilmentService;
  /** What the back office shows of an order's licences: their count. */
  licenses: { countForOrder(orderId: string): Promise<number> };
}

export type MarkTransferPaidResult =
  | Exclude<SettleTransferResult, { kind: 'recorded' }>
  | { kind: 'recorded'; outcome: 'fulfilled' | 'flagged'; order: AdminOrder };

/**
 * A staff member records a bank transfer seen on the statement: the fulfilment settles it, then
 * the audit trail gets the order before and after. The entry is written just after the
 * fulfilment's own transaction, which already keeps who recorded the transfer in the order's
 * events: a crash in between loses the entry, never the fact.
 */
export async function markTransferPaid(
  deps: MarkTransferPaidDeps,
  orderId: string,
  received: Omit<TransferReceived, 'actor'>,
  actor: StaffActor,
): Promise<MarkTransferPaidResult> {
  const adminOrder = async (order: typeof orders.$inferSelect) =>
    toAdminOrder(order, await deps.licenses.countForOrder(order.id));
  const [found] = isUuid(orderId)
    ? await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
    : [];
  const before = found ? await adminOrder(found) : null;
  const result = await deps.fulfilment.settleBankTransfer(
    { orderId },
    { ...received, actor: `admin:${actor.id}` },
  );
  if (result.kind !== 'recorded') return result;
  const after = await adminOrder(result.order);
  await recordStaffAction(deps.db, actor, {
    action: 'order.mark_paid',
    target: { type: 'order', id: result.order.id },
    before,
    after: { ...after, received_cents: received.amountCents ?? result.order.totalCents },
  });
  return { kind: 'recorded', outcome: result.outcome, order: after };
}
