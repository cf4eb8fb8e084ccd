import type { MessageKey } from './messages';
import { shopDay, startOfShopDay } from './paris-days';

/**
 * The payment date staff give when recording a bank transfer (docs/product.md 'Back office'):
 * the day the money reached the account, printed on the invoice as its payment date. It never
 * dates the invoice itself (issued when it is issued, in the current year's series) nor the
 * licence (its term starts at fulfilment), so it may only say when the money came: not before
 * the order was placed, not in the future.
 */
export type TransferPaymentDate =
  | { ok: true; paidAt: Date }
  | { ok: false; problem: Extract<MessageKey, `admin.mark_paid.${string}`> };

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads `value` (a day `2026-03-15`, or an instant with its offset) against the order's
 * placing and the present. A day means that Paris day, dated at its noon, or now for today.
 */
export function transferPaymentDate(value: string, placedAt: Date, now: Date): TransferPaymentDate {
  const dayOnly = DAY_ONLY.test(value);
  const instant = new Date(dayOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(instant.getTime())) {
    return { ok: false, problem: 'admin.mark_paid.paid_at_invalid' };
  }
  const day = dayOnly ? value : shopDay(instant);
  if (day > shopDay(now) || (!dayOnly && instant > now)) {
    return { ok: false, problem: 'admin.mark_paid.paid_at_future' };
  }
  if (day < shopDay(placedAt) || (!dayOnly && instant < placedAt)) {
    return { ok: false, problem: 'admin.mark_paid.paid_at_before_order' };
  }
  if (!dayOnly) return { ok: true, paidAt: instant };
  const noon = new Date(startOfShopDay(day).getTime() + 12 * 3_600_000);
  const paidAt = noon > now ? now : noon < placedAt ? placedAt : noon;
  return { ok: true, paidAt };
}
