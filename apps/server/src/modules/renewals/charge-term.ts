import { and, eq } from 'drizzle-orm';
import type { MessageKey } from '@cadran/domain/messages';
import { orderEventReason } from '@cadran/domain/order-events';
import type { Database } from '../../db/client';
import { licenseRenewals } from '../../db/schema/licenses';
import { OPEN_ATTEMPT_INDEX, payments } from '../../db/schema/payments';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import type { FulfilmentService } from '../fulfilment/service';
import type { LicenseRow } from '../licenses/license-records';
import type { SavedMethodRow } from '../licenses/saved-methods';
import { noteOrderEvent } from '../orders/order-moves';
import type { OrderRow, OrdersRepository } from '../orders/repository';
import type { PaymentRow } from '../payments/payment-records';
import {
  ProviderUnavailableError,
  type NormalizedPaymentEvent,
  type PaymentProvider,
  type SavedMethodChargeResult,
} from '../payments/provider';
import { releaseTerm } from './claim';
import { recordFailedCharge, type DunningDeps } from './dunning';
import type { TermRenewalRow } from './term-order';

export interface ChargeDeps extends DunningDeps {
  db: Database;
  orders: Pick<OrdersRepository, 'findById'>;
  providerFor: (method: SavedMethodRow) => PaymentProvider | undefined;
  fulfilment: Pick<FulfilmentService, 'apply'>;
}

export type ChargeOutcome = 'charged' | 'failed' | 'skipped';

export interface ClaimedTerm {
  renewal: TermRenewalRow & { termExpiresAt: Date };
  licence: LicenseRow;
  method: SavedMethodRow;
  planName: { fr: string; en: string };
}

/**
 * The provider's idempotency key of one attempt of one term: a crashed run that resumes the
 * term asks again with the same key, and the provider answers the first charge.
 */
export const chargeKey = (licenseId: string, termExpiresAt: Date, attempt: number): string =>
  `renewal-${licenseId}-${termExpiresAt.toISOString()}-${attempt}`;

/**
 * The attempt row of this charge, written once: its provider reference is the charge's key, so
 * a resumed run finds the row its predecessor wrote. Undefined when the buyer has a payment of
 * the order open (paying the reminder's link): that one is theirs to finish.
 */
async function attemptFor(
  db: Database,
  order: OrderRow,
  provider: PaymentProvider,
  key: string,
  attempt: number,
): Promise<PaymentRow | undefined> {
  const existing = async () =>
    (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.providerReference, key)))
        .limit(1)
    )[0];
  const before = await existing();
  if (before) return before;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          providerReference: key,
          status: 'pending',
          amountCents: order.totalCents,
          currency: order.currency,
        })
        .returning();
      await noteOrderEvent(tx, order, orderEventReason('charge_attempted', { attempt }));
      return row;
    });
  } catch (error) {
    const violated = violatedUniqueConstraint(error);
    if (violated === OPEN_ATTEMPT_INDEX) return undefined;
    if (violated !== undefined) return existing();
    throw error;
  }
}

const event = (
  provider: PaymentProvider,
  key: string,
  payment: PaymentRow,
  result: SavedMethodChargeResult,
): NormalizedPaymentEvent => {
  const paid = result.status === 'succeeded';
  const failureReason: MessageKey | null =
    result.status === 'declined'
      ? result.reason
      : result.status === 'requires_action'
        ? 'payment.authentication_required'
        : null;
  return {
    provider: provider.name,
    eventId: `charge:${key}`,
    type: paid ? 'renewal.charge_succeeded' : `renewal.charge_${result.status}`,
    outcome: paid ? 'paid' : 'failed',
    reference: key,
    orderId: payment.orderId,
    paymentId: payment.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    failureReason,
    moneyReference: result.status === 'succeeded' ? result.moneyReference : null,
    payload: { status: result.status, reference: result.reference },
  };
};

/**
 * Charges one claimed term (docs/product.md 'Licences' ('Automatic renewal')): its attempt is
 * written, the saved method charged off-session with the attempt's key, and the outcome applied
 * by the one fulfilment path (invoice at the real time, licence extended from its old expiry,
 * receipt e-mailed) or, on a refusal, by the dunning. A provider out of reach decides nothing:
 * the term is let go and the next run asks again with the same key.
 */
export async function chargeTerm(
  deps: ChargeDeps,
  claimed: ClaimedTerm,
  asOf: Date,
): Promise<ChargeOutcome> {
  const { renewal, method } = claimed;
  const stored = await deps.orders.findById(renewal.orderId);
  const provider = deps.providerFor(method);
  if (!stored || stored.order.paymentStatus === 'paid' || !provider?.chargeSaved) {
    if (!provider?.chargeSaved)
      deps.warn({ licenseId: claimed.licence.id }, 'saved method cannot be charged here');
    await releaseTerm(deps.db, renewal.id);
    return 'skipped';
  }
  const attempt = renewal.failures + 1;
  const key = chargeKey(claimed.licence.id, renewal.termExpiresAt, attempt);
  const payment = await attemptFor(deps.db, stored.order, provider, key, attempt);
  if (!payment || payment.status === 'succeeded') {
    await releaseTerm(deps.db, renewal.id);
    return 'skipped';
  }
  let result: SavedMethodChargeResult;
  try {
    result = await provider.chargeSaved({
      method,
      amountCents: payment.amountCents,
      currency: payment.currency,
      idempotencyKey: key,
      orderId: stored.order.id,
      paymentId: payment.id,
      description: `${stored.order.orderNumber} ${claimed.licence.licenseKey}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.warn(
      { err: error, licenseId: claimed.licence.id },
      'automatic charge not made: provider unavailable',
    );
    await releaseTerm(deps.db, renewal.id);
    return 'skipped';
  }
  if (result.status === 'processing') {
    await deps.db
      .update(licenseRenewals)
      .set({ chargeStatus: 'processing', claimedUntil: null })
      .where(eq(licenseRenewals.id, renewal.id));
    return 'charged';
  }
  const applied = await deps.fulfilment.apply(event(provider, key, payment, result));
  if (result.status === 'succeeded') return applied.outcome === 'fulfilled' ? 'charged' : 'skipped';
  const after = (await deps.orders.findById(renewal.orderId)) ?? stored;
  await recordFailedCharge(deps, {
    ...claimed,
    order: after.order,
    reason: result.status === 'declined' ? result.reason : 'payment.authentication_required',
    requiresAction: result.status === 'requires_action',
    asOf,
  });
  return 'failed';
}
