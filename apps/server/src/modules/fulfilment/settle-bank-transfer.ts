import { eq } from 'drizzle-orm';
import {
  transferPaymentDate,
  type TransferPaymentDate,
} from '@cadran/domain/transfer-payment-date';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { OPEN_ATTEMPT_INDEX } from '../../db/schema/payments';
import { isUniqueViolation } from '../../db/unique-violation';
import type { OrderRow } from '../orders/repository';
import { transferReceivedEvent } from '../payments/bank-transfer-provider';
import type { NormalizedPaymentEvent } from '../payments/provider';
import type { PaymentsRepository } from '../payments/repository';
import type { FulfilmentOutcome } from './apply-payment-event';

type TransferPaymentDateProblem = Extract<TransferPaymentDate, { ok: false }>['problem'];

/** Which order: its id (admin API) or its number (CLI, the reference on the statement). */
export type OrderRef = { orderId: string } | { orderNumber: string };

export interface TransferReceived {
  /** What arrived, in cents; the order total when not given. */
  amountCents?: number | undefined;
  note?: string | undefined;
  /**
   * When it reached the account, as staff wrote it (a day or an instant); now when not given.
   * Only the invoice's payment date: not before the order, not in the future.
   */
  paidAt?: string | undefined;
  /** The bank's reference of the transfer. */
  reference?: string | undefined;
  /** Who recorded it: an administrator's id, or "cli". */
  actor: string;
}

export type SettleTransferResult =
  | { kind: 'not_found' }
  | { kind: 'not_transfer'; order: OrderRow }
  | { kind: 'already_paid'; order: OrderRow }
  | { kind: 'not_payable'; order: OrderRow }
  | { kind: 'bad_paid_at'; problem: TransferPaymentDateProblem }
  | { kind: 'recorded'; outcome: 'fulfilled' | 'flagged'; order: OrderRow; licensesIssued: number };

async function findOrder(db: Database, ref: OrderRef): Promise<OrderRow | undefined> {
  if ('orderId' in ref && !isUuid(ref.orderId)) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where('orderId' in ref ? eq(orders.id, ref.orderId) : eq(orders.orderNumber, ref.orderNumber))
    .limit(1);
  return order;
}

/** What recording a transfer uses: the orders, the attempts, and the one path that fulfils. */
export interface SettleTransferDependencies {
  db: Database;
  repository: Pick<PaymentsRepository, 'findLatestForOrder' | 'insertCreated' | 'open'>;
  /** Applies the payment event like any provider's notification (FulfilmentService.apply). */
  apply(
    event: NormalizedPaymentEvent,
  ): Promise<{ outcome: FulfilmentOutcome; licensesIssued: number }>;
  /** The server's clock: a payment date may not lie in its future. */
  now(): Date;
}

/**
 * An operator saw a transfer on the bank statement (admin API and `npm run admin -- mark-paid`).
 * Only bank-transfer orders qualify; the recording then goes through the same fulfilment as
 * any provider's notification: amount check, licences, confirmation e-mail.
 */
export async function settleBankTransfer(
  dependencies: SettleTransferDependencies,
  ref: OrderRef,
  received: TransferReceived,
): Promise<SettleTransferResult> {
  const { db, repository } = dependencies;
  const order = await findOrder(db, ref);
  if (!order) return { kind: 'not_found' };
  if (order.paymentMethod !== 'bank_transfer') return { kind: 'not_transfer', order };
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    return { kind: 'already_paid', order };
  }
  if (order.status === 'cancelled') return { kind: 'not_payable', order };
  let paidAt: Date | undefined;
  if (received.paidAt !== undefined) {
    const date = transferPaymentDate(received.paidAt, order.createdAt, dependencies.now());
    if (!date.ok) return { kind: 'bad_paid_at', problem: date.problem };
    paidAt = date.paidAt;
  }

  // Orders whose payment row never got written (created while transfers were not offered)
  // get one now, so the event finds its payment like any other.
  if (!(await repository.findLatestForOrder(order.id))) {
    try {
      const created = await repository.insertCreated({
        orderId: order.id,
        provider: 'bank_transfer',
        amountCents: order.totalCents,
        currency: order.currency,
      });
      await repository.open(created.id, { reference: order.orderNumber, paymentUrl: null });
    } catch (error) {
      if (!isUniqueViolation(error, OPEN_ATTEMPT_INDEX)) throw error;
    }
  }

  const result = await dependencies.apply(
    transferReceivedEvent({
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: received.amountCents ?? order.totalCents,
      actor: received.actor,
      note: received.note,
      paidAt,
      reference: received.reference,
    }),
  );
  const after = (await findOrder(db, { orderId: order.id })) ?? order;
  if (result.outcome === 'fulfilled' || result.outcome === 'flagged') {
    return {
      kind: 'recorded',
      outcome: result.outcome,
      order: after,
      licensesIssued: result.licensesIssued,
    };
  }
  // Another recording won a race with this one: report the order as it now is.
  return after.paymentStatus === 'paid'
    ? { kind: 'already_paid', order: after }
    : { kind: 'not_payable', order: after };
}
