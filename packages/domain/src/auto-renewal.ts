import { CYCLE_MONTHS, addCycle, type BillingCycle } from './billing-cycles';

/**
 * Rules of licences that renew themselves (docs/product.md 'Licences' ('Automatic renewal')):
 * when a term is charged, when a failed charge is tried again, what a plan change costs, and
 * when the buyer must hear about the coming charge. Pure functions of dates and cents.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The charge of a term is taken this long before it ends, so the licence never lapses. */
export const RENEWAL_CHARGE_LEAD_DAYS = 1;

/** Days after the first failed charge at which it is tried again (a setting overrides it). */
export const DEFAULT_RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** A saved card expiring before its next charge: its owner hears of it this long before. */
export const CARD_EXPIRY_NOTICE_DAYS = 30;

/** A consumer may withdraw within this many days of paying (our money-back promise). */
export const WITHDRAWAL_DAYS = 30;

const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** When the term ending at `expiresAt` is charged. */
export const nextChargeAt = (expiresAt: Date, leadDays = RENEWAL_CHARGE_LEAD_DAYS): Date =>
  addDays(expiresAt, -leadDays);

/** Whether the term ending at `expiresAt` is due for its charge at `asOf`. */
export const isChargeDue = (
  expiresAt: Date,
  asOf: Date,
  leadDays = RENEWAL_CHARGE_LEAD_DAYS,
): boolean => asOf.getTime() >= nextChargeAt(expiresAt, leadDays).getTime();

/**
 * When a failed charge is tried again: `failures` charges have failed, the first at
 * `firstFailedAt`; the next try is `schedule[failures - 1]` days after that first failure.
 * Null once the schedule is spent: the licence runs out its grace and stops renewing.
 */
export function retryAt(
  firstFailedAt: Date,
  failures: number,
  schedule: readonly number[] = DEFAULT_RENEWAL_RETRY_DAYS,
): Date | null {
  if (!Number.isInteger(failures) || failures < 1) throw new RangeError('failures must be >= 1');
  const days = schedule[failures - 1];
  return days === undefined ? null : addDays(firstFailedAt, days);
}

/**
 * A retry schedule as the setting writes it ("1,3,7"): days after the first failure, each
 * a whole number from 1 to 60, strictly increasing, at most six. Null when it is not one.
 */
export function parseRetrySchedule(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.length > 6) return null;
  const days: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,2}$/.test(part)) return null;
    const value = Number(part);
    const previous = days.at(-1);
    if (value < 1 || value > 60 || (previous !== undefined && value <= previous)) return null;
    days.push(value);
  }
  return days;
}

/** The share of a term still to run at `at`, from 0 (ended) to 1 (not begun). */
export function remainingShare(term: { startsAt: Date; endsAt: Date }, at: Date): number {
  const length = term.endsAt.getTime() - term.startsAt.getTime();
  if (length <= 0) return 0;
  const left = term.endsAt.getTime() - Math.max(at.getTime(), term.startsAt.getTime());
  return Math.min(1, Math.max(0, left / length));
}

/**
 * What an upgrade taking effect at `at` costs, excluding VAT: the new plan's price for the
 * part of its term still to run, less the unused part of what was paid for the current term.
 * With the same cycle both terms are the current one (the expiry stays); with another cycle
 * the new term starts at `at`. Never negative: a change that would be owed money is a
 * downgrade, which waits for the next renewal.
 */
export function proratedUpgradeCents(input: {
  currentPriceCents: number;
  newPriceCents: number;
  currentTerm: { startsAt: Date; endsAt: Date };
  newTerm: { startsAt: Date; endsAt: Date };
  at: Date;
}): number {
  const credit = input.currentPriceCents * remainingShare(input.currentTerm, input.at);
  const owed = input.newPriceCents * remainingShare(input.newTerm, input.at);
  return Math.max(0, Math.round(owed - credit));
}

/** The term an upgrade to `cycle` gives: the current one, or a new one from `at`. */
export function upgradedTerm(
  current: { startsAt: Date; endsAt: Date; cycle: BillingCycle },
  cycle: BillingCycle,
  at: Date,
): { startsAt: Date; endsAt: Date } | null {
  if (cycle === current.cycle) return { startsAt: current.startsAt, endsAt: current.endsAt };
  const endsAt = addCycle(at, cycle);
  return endsAt ? { startsAt: at, endsAt } : null;
}

/** A price over its cycle brought to one month, in cents (what MRR adds up). */
export function monthlyCents(priceCents: number, cycle: BillingCycle): number {
  const months = CYCLE_MONTHS[cycle];
  return months === null ? 0 : Math.round(priceCents / months);
}

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'same';

/**
 * Whether moving from one plan to another is an upgrade (it costs more a month, or gives more
 * for the same money: higher limits), a downgrade, or no change at all (the same template and
 * cycle). An upgrade takes effect at once; a downgrade at the next renewal.
 */
export function planChangeKind(
  current: { templateId: number; cycle: BillingCycle; priceCents: number; capacity: number },
  next: { templateId: number; cycle: BillingCycle; priceCents: number; capacity: number },
): PlanChangeKind {
  if (current.templateId === next.templateId && current.cycle === next.cycle) return 'same';
  const before = monthlyCents(current.priceCents, current.cycle);
  const after = monthlyCents(next.priceCents, next.cycle);
  if (after !== before) return after > before ? 'upgrade' : 'downgrade';
  return next.capacity > current.capacity ? 'upgrade' : 'downgrade';
}

/** `months` calendar months before `date`, clamped to the month's last day like addCycle. */
function monthsBefore(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** Cycles of a year or more: a consumer must be told of their renewal months ahead. */
const isLongCycle = (cycle: BillingCycle): boolean => (CYCLE_MONTHS[cycle] ?? 0) >= 12;

/** Days before the term of a shorter cycle that its automatic-renewal notice goes out. */
export const SHORT_CYCLE_NOTICE_DAYS = 7;

/**
 * When the notice of a coming automatic renewal is due. A consumer's licence of a year or
 * more hears of it two months before the term, inside the window the law sets (no earlier
 * than three months, no later than one month before). Any other licence hears of it a week
 * before. Never before the term began.
 */
export function renewalNoticeAt(
  term: { startsAt: Date; expiresAt: Date },
  cycle: BillingCycle,
  consumer: boolean,
): Date {
  const at =
    consumer && isLongCycle(cycle)
      ? monthsBefore(term.expiresAt, 2)
      : addDays(term.expiresAt, -SHORT_CYCLE_NOTICE_DAYS);
  return at < term.startsAt ? term.startsAt : at;
}

/** The bounds the law puts on a consumer's notice of a yearly renewal. */
export const consumerNoticeWindow = (expiresAt: Date): { from: Date; until: Date } => ({
  from: monthsBefore(expiresAt, 3),
  until: monthsBefore(expiresAt, 1),
});

/** Whether a saved card expiring at `cardExpiresAt` should be renewed before `chargeAt`. */
export const cardExpiresBefore = (cardExpiresAt: Date, chargeAt: Date): boolean =>
  cardExpiresAt.getTime() < chargeAt.getTime();

/** When the card expiry notice goes out: 30 days before the card stops working. */
export const cardExpiryNoticeAt = (cardExpiresAt: Date): Date =>
  addDays(cardExpiresAt, -CARD_EXPIRY_NOTICE_DAYS);

/**
 * Whether the owner of a saved card is told now that it expires before the next charge: the
 * card stops working before that charge, and its last 30 days have begun.
 */
export const cardExpiryNoticeDue = (cardExpiresAt: Date, chargeAt: Date, now: Date): boolean =>
  cardExpiresBefore(cardExpiresAt, chargeAt) &&
  now.getTime() >= cardExpiryNoticeAt(cardExpiresAt).getTime();

/**
 * The instant a card stops working: the end of its expiry month (a card marked 04/2027 works
 * through 30 April 2027), in UTC.
 */
export const cardExpiryInstant = (year: number, month: number): Date =>
  new Date(Date.UTC(year, month, 1) - 1);

/** Until when a consumer may withdraw from an order paid at `paidAt`. */
export const withdrawalEndsAt = (paidAt: Date): Date => addDays(paidAt, WITHDRAWAL_DAYS);

/**
 * Where the charge of one automatic renewal stands: 'open' until it is tried, 'processing'
 * while a debit settles, 'charged', 'failing' between retries (dunning), 'abandoned' once
 * the retries are spent, 'cancelled' when the licence stopped renewing meanwhile.
 */
export const RENEWAL_CHARGE_STATUSES = [
  'open',
  'processing',
  'charged',
  'failing',
  'abandoned',
  'cancelled',
] as const;
export type RenewalChargeStatus = (typeof RENEWAL_CHARGE_STATUSES)[number];

/**
 * The first automatic charge of a cart paid at `paidAt`: the charge of the term that ends
 * first among its lines that renew. Null when none renews (one-time licences only).
 */
export function firstChargeAt(
  cycles: readonly (BillingCycle | undefined)[],
  paidAt: Date,
): Date | null {
  const ends = cycles
    .map((cycle) => (cycle === undefined ? null : addCycle(paidAt, cycle)))
    .filter((end): end is Date => end !== null);
  if (ends.length === 0) return null;
  return nextChargeAt(new Date(Math.min(...ends.map((end) => end.getTime()))));
}
