import type { RefundKind } from '../../db/schema/payments';
import type { PaymentRow } from './payment-records';
import { ProviderUnavailableError, type ProviderRefund } from './provider';
import type { PaymentsDependencies } from './payment-dependencies';

/** What became of the money: given back by the provider, or left for a person to send back. */
export type RefundAtProvider = { kind: 'refunded'; refund: ProviderRefund } | { kind: 'by_hand' };

/**
 * The idempotency key of a refund of one attempt: one per attempt and kind (its VAT alone, or
 * what remains of it), so each is given back at most once: a retry after a crash, a second
 * click or a second server process all send the same key, and the provider answers the first
 * refund instead of paying twice.
 */
export const refundKey = (payment: Pick<PaymentRow, 'id'>, kind: RefundKind = 'full'): string =>
  kind === 'vat' ? `cadran-vat-refund-${payment.id}` : `cadran-refund-${payment.id}`;

/** What one refund gives back: the attempt's VAT alone, or what remains of the attempt. */
export interface RefundShare {
  kind: RefundKind;
  amountCents: number;
}

/**
 * Gives back the money of a paid attempt through the provider that took it (docs/payments.md
 * 'Refunds'): Stripe and PayPal over the network, the sandbox offline, a bank transfer by a
 * person. Runs outside any database transaction: the caller records the outcome afterwards,
 * in its own. Throws ProviderUnavailableError when the provider refuses, cannot be reached, or
 * is no longer configured; nothing has then been given back.
 */
export async function refundAtProvider(
  payments: Pick<PaymentsDependencies, 'byName'>,
  payment: PaymentRow,
  moneyReference: string | null = payment.moneyReference,
  share: RefundShare = { kind: 'full', amountCents: payment.amountCents },
): Promise<RefundAtProvider> {
  if (payment.provider === 'bank_transfer') return { kind: 'by_hand' };
  const provider = payments.byName(payment.provider);
  if (!provider?.refund) {
    throw new ProviderUnavailableError(`${payment.provider} is not configured: cannot refund`);
  }
  const refund = await provider.refund({
    payment,
    moneyReference,
    amountCents: share.amountCents,
    whole: share.amountCents === payment.amountCents,
    idempotencyKey: refundKey(payment, share.kind),
  });
  return { kind: 'refunded', refund };
}
