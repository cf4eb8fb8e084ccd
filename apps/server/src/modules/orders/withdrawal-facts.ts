import { isBusinessOrder, withdrawalView, type WithdrawalFacts } from '@cadran/domain/withdrawal';
import type { OrderRow } from './repository';

/** An invoice or credit note of the order, as the invoices module lists them. */
interface IssuedDocument {
  kind: string;
  issuedAt: Date;
}

type WithdrawingOrder = Pick<
  OrderRow,
  'billingAddress' | 'vatNumber' | 'paymentStatus' | 'withdrawalRequestedAt'
>;

/**
 * The facts an order's withdrawal rests on (docs/product.md 'Orders' ('Withdrawal')): the
 * period runs from the payment, which the invoice's issue records in the same transaction.
 */
export function withdrawalFacts(
  order: WithdrawingOrder,
  documents: readonly IssuedDocument[],
): WithdrawalFacts {
  const billing = order.billingAddress as { company?: unknown };
  return {
    business: isBusinessOrder({
      company: typeof billing.company === 'string' ? billing.company : '',
      vatNumber: order.vatNumber,
    }),
    paidAt: documents.find((document) => document.kind === 'invoice')?.issuedAt ?? null,
    paymentStatus: order.paymentStatus,
    requestedAt: order.withdrawalRequestedAt,
  };
}

/** What the order's answer says of its withdrawal; null where it does not apply. */
export const withdrawalOf = (
  order: WithdrawingOrder,
  documents: readonly IssuedDocument[],
  now: Date,
) => withdrawalView(withdrawalFacts(order, documents), now);
