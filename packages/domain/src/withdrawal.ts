import { z } from 'zod';
import { withdrawalEndsAt } from './auto-renewal';
import type { PaymentStatus } from './order-status';

/**
 * The withdrawal function of a consumer's order (docs/product.md 'Orders' ('Withdrawal')):
 * Directive 2023/2673 asks for an online function in two steps; our money-back promise gives
 * 30 days from the payment, which covers the legal period. A business buyer has no right of
 * withdrawal. Pure functions of the order's facts and the clock.
 */

/**
 * Where an order's withdrawal stands: `open` while it can be asked, `requested` once asked and
 * until staff refund it, `refunded` after, `closed` when the period ended without it (or the
 * order was refunded for another reason).
 */
export const WITHDRAWAL_STATES = ['open', 'requested', 'refunded', 'closed'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export interface WithdrawalFacts {
  /** A buyer who gave a company name or a VAT number buys as a business. */
  business: boolean;
  /** When the order's money was recorded (its invoice's issue); null while unpaid. */
  paidAt: Date | null;
  paymentStatus: PaymentStatus;
  requestedAt: Date | null;
}

export interface WithdrawalView {
  state: WithdrawalState;
  /** Whether the buyer can ask for it now. */
  possible: boolean;
  available_until: string;
  requested_at: string | null;
}

/** A buyer who gave a company name or a VAT number buys as a business. */
export const isBusinessOrder = (billing: { company: string; vatNumber: string | null }): boolean =>
  billing.company.trim() !== '' || (billing.vatNumber ?? '').trim() !== '';

/**
 * What an order answer says of its withdrawal; null where it does not apply (a business
 * buyer's order, or one never paid).
 */
export function withdrawalView(facts: WithdrawalFacts, now: Date): WithdrawalView | null {
  if (facts.business || !facts.paidAt) return null;
  const until = withdrawalEndsAt(facts.paidAt);
  const state: WithdrawalState = facts.requestedAt
    ? facts.paymentStatus === 'refunded'
      ? 'refunded'
      : 'requested'
    : facts.paymentStatus === 'paid' && now < until
      ? 'open'
      : 'closed';
  return {
    state,
    possible: state === 'open',
    available_until: until.toISOString(),
    requested_at: facts.requestedAt?.toISOString() ?? null,
  };
}

export type WithdrawalRefusal =
  | 'withdrawal.business_buyer'
  | 'withdrawal.not_paid'
  | 'withdrawal.period_over'
  | 'withdrawal.not_available';

/**
 * Why a withdrawal asked at `now` is refused, or null when it is accepted. One already asked
 * is not refused: asking again answers the first request (a double click, a retried call).
 */
export function withdrawalRefusal(facts: WithdrawalFacts, now: Date): WithdrawalRefusal | null {
  if (facts.business) return 'withdrawal.business_buyer';
  if (facts.requestedAt) return null;
  if (!facts.paidAt) return 'withdrawal.not_paid';
  if (facts.paymentStatus !== 'paid') return 'withdrawal.not_available';
  if (now >= withdrawalEndsAt(facts.paidAt)) return 'withdrawal.period_over';
  return null;
}

const instant = z.iso.datetime({ offset: true });

/** An order answer's `withdrawal` (null where it does not apply). */
export const OrderWithdrawalSchema = z.object({
  state: z.enum(WITHDRAWAL_STATES),
  possible: z.boolean(),
  available_until: instant,
  requested_at: instant.nullable(),
});
