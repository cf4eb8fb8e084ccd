import { DEFAULT_BILLING_CYCLE } from './constants';
import type { MessageKey } from './messages';

/**
 * Billing cycles in display order
 * (docs/product.md 'Pricing and the catalogue' ('Billing cycles')). one_time is a licence
 * bought once that never expires.
 */
export const BILLING_CYCLES = [
  'monthly',
  'quarterly',
  'semi_annually',
  'annually',
  'biennially',
  'triennially',
  'one_time',
] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Length of each cycle in months; null for one_time (no renewal, no expiry). */
export const CYCLE_MONTHS: Readonly<Record<BillingCycle, number | null>> = {
  monthly: 1,
  quarterly: 3,
  semi_annually: 6,
  annually: 12,
  biennially: 24,
  triennially: 36,
  one_time: null,
};

export const isBillingCycle = (value: unknown): value is BillingCycle =>
  typeof value === 'string' && (BILLING_CYCLES as readonly string[]).includes(value);

export const cycleLabelKey = (cycle: BillingCycle): MessageKey => `cycle.${cycle}`;

/** The distinct cycles present, in BILLING_CYCLES order (the pricing toggle's order). */
export function sortCycles(cycles: Iterable<BillingCycle>): BillingCycle[] {
  const present = new Set(cycles);
  return BILLING_CYCLES.filter((cycle) => present.has(cycle));
}

/** The pricing page's cycle: annually when offered, else the first available cycle, else null. */
export function selectDefaultCycle(available: readonly BillingCycle[]): BillingCycle | null {
  if (available.includes(DEFAULT_BILLING_CYCLE)) return DEFAULT_BILLING_CYCLE;
  return available[0] ?? null;
}

/**
 * Expiry of a licence started at `date`: one cycle later, in UTC, clamping to the last day of
 * a shorter month (31 January + 1 month = 28 or 29 February). one_time returns null.
 */
export function addCycle(date: Date, cycle: BillingCycle): Date | null {
  const months = CYCLE_MONTHS[cycle];
  if (months === null) return null;
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}
