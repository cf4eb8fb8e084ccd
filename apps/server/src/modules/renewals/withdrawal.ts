import type { Language } from '@cadran/domain/constants';
import { formatMoney } from '@cadran/domain/money';
import { orderEventReason } from '@cadran/domain/order-events';
import { withdrawalRefusal, type WithdrawalRefusal } from '@cadran/domain/withdrawal';
import { withdrawalEndsAt } from '@cadran/domain/auto-renewal';
import { clientAreaPath } from '@cadran/domain/localized-path';
import { isUuid } from '@cadran/domain/uuid';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { queueMail } from '../../mail/queue';
import { formatDate, type MailBrand } from '../../mail/templates';
import { withdrawalFacts, withdrawalOf } from '../orders/withdrawal-facts';
import { listForOrder } from '../invoices/repository';
import { findRecipient } from '../order-mail/recipient';
import { noteOrderEvent } from '../orders/order-moves';
import { renewalMail } from './emails';

export interface WithdrawalDeps {
  db: Database;
  brand: MailBrand;
  /** Wakes the mail worker after a commit that queued the acknowledgement. */
  wakeMail: () => void;
}

export type WithdrawalResult =
  | { kind: 'recorded' | 'already'; withdrawal: NonNullable<ReturnType<typeof withdrawalOf>> }
  | { kind: 'not_found' }
  | { kind: 'refused'; message: WithdrawalRefusal; params: Record<string, string> };

/**
 * A consumer withdraws from one of their orders (docs/product.md 'Orders' ('Withdrawal')): the
 * request is written on the order and its history, and acknowledged by e-mail in the buyer's
 * language, in one transaction; staff then refund it with its credit note. Asking again
 * answers the first request and sends nothing more. Another account's order is unknown.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  orderId: string,
  lang: Language,
  now: Date,
): Promise<WithdrawalResult> {
  if (!isUuid(orderId)) return { kind: 'not_found' };
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return { kind: 'not_found' };
  const documents = await listForOrder(deps.db, order.id);
  const facts = withdrawalFacts(order, documents);
  const refusal = withdrawalRefusal(facts, now);
  if (refusal) {
    return {
      kind: 'refused',
      message: refusal,
      params: facts.paidAt ? { date: formatDate(withdrawalEndsAt(facts.paidAt), lang) } : {},
    };
  }
  const view = (requestedAt: Date | null) =>
    withdrawalOf({ ...order, withdrawalRequestedAt: requestedAt }, documents, now);
  const asked = order.withdrawalRequestedAt && view(order.withdrawalRequestedAt);
  if (asked) return { kind: 'already', withdrawal: asked };
  const recipient = await findRecipient(deps.db, userId);
  const mail =
    recipient &&
    (await renewalMail({
      recipient: { ...recipient, language: lang },
      kind: 'withdrawal_received',
      values: {
        number: order.orderNumber,
        date: formatDate(now, lang),
        amount: formatMoney(order.totalCents, lang),
      },
      // The order's page at the address of the language the buyer withdrew in.
      link: `${deps.brand.publicUrl}${clientAreaPath(`/orders/${encodeURIComponent(order.orderNumber)}`, lang)}`,
      brand: deps.brand,
    }));
  const recorded = await deps.db.transaction(async (tx) => {
    const [written] = await tx
      .update(orders)
      .set({ withdrawalRequestedAt: now })
      .where(and(eq(orders.id, order.id), isNull(orders.withdrawalRequestedAt)))
      .returning();
    if (!written) return undefined;
    await noteOrderEvent(tx, written, orderEventReason('withdrawal_requested'));
    if (mail) await queueMail(tx, mail);
    return written;
  });
  if (!recorded) {
    // Another request was written first: answer it.
    const [again] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
    const first = again && view(again.withdrawalRequestedAt);
    return first ? { kind: 'already', withdrawal: first } : { kind: 'not_found' };
  }
  if (mail) deps.wakeMail();
  const withdrawal = view(now);
  if (!withdrawal) throw new Error(`order ${order.id} has no withdrawal once requested`);
  return { kind: 'recorded', withdrawal };
}
