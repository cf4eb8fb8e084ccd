import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import type { PaymentsDependencies } from '../payments/payment-dependencies';
import type { PaymentRow } from '../payments/payment-records';
import { ProviderUnavailableError } from '../payments/provider';
import {
  refundAtProvider,
  type RefundAtProvider,
  type RefundShare,
} from '../payments/refund-payment';

/** What giving money back needs, whatever the refund (a staff refund, a VAT given back). */
export interface RefundPathDependencies {
  db: Database;
  payments: Pick<PaymentsDependencies, 'byName'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Called after a commit that queued mail, so it leaves now rather than at the next tick. */
  onMailQueued?: (() => void) | undefined;
}

/**
 * The one path of every refund (docs/payments.md 'Refunds'): the provider is asked first,
 * outside any transaction (never a network call while an order row is locked), with the
 * attempt's key for this share, so a retry, a second click or a second process gives back once;
 * then one transaction records what went back (`record`). A provider that refuses or cannot be
 * reached changes nothing: the answer is 'provider_unavailable' and the same key is asked again
 * later. The mail worker is woken when the recording refunded (it queued the buyer's e-mail).
 */
export async function refundThenRecord<R extends { kind: string }>(
  deps: RefundPathDependencies,
  payment: PaymentRow,
  share: RefundShare,
  record: (tx: Transaction, given: RefundAtProvider) => Promise<R>,
): Promise<R | { kind: 'provider_unavailable' }> {
  let given: RefundAtProvider;
  try {
    given = await refundAtProvider(deps.payments, payment, payment.moneyReference, share);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.log.error(
      { err: error, orderId: payment.orderId, provider: payment.provider, kind: share.kind },
      'refund refused',
    );
    return { kind: 'provider_unavailable' };
  }
  const result = await deps.db.transaction((tx) => record(tx, given));
  if (result.kind === 'refunded') deps.onMailQueued?.();
  return result;
}

/** How the money went back, as the order's history says it: the provider and its reference. */
export function refundSource(payment: PaymentRow, given: RefundAtProvider): string {
  if (given.kind === 'by_hand') return `${payment.provider}, by hand`;
  const reference = given.refund.reference;
  return reference ? `${payment.provider} ${reference}` : payment.provider;
}
