import { CART_STORAGE_VERSION, restorePersistedCart, type CartLine } from '@cadran/domain/cart';
import { CART_STORAGE_KEY } from '@cadran/domain/constants';

/**
 * The lines of the last order placed, kept after the cart is emptied (the cart is cleared
 * after a successful creation, docs/decisions/006-resuming-an-order-after-a-failed-payment.md) so
 * that a payment declined or abandoned on the payment page can be retried: the failure page's
 * "resume the order" puts them back. Kept a day at most, forgotten once the order's success page is
 * seen.
 */

export const ORDERED_LINES_KEY = `${CART_STORAGE_KEY}-last-order`;
export const ORDERED_LINES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberOrderedLines(lines: readonly CartLine[], now: number = Date.now()): void {
  if (lines.length === 0) return;
  try {
    storage()?.setItem(
      ORDERED_LINES_KEY,
      JSON.stringify({ version: CART_STORAGE_VERSION, savedAt: now, items: lines }),
    );
  } catch {
    // Storage full or blocked: only the convenience of resuming is lost.
  }
}

export function forgetOrderedLines(): void {
  try {
    storage()?.removeItem(ORDERED_LINES_KEY);
  } catch {
    // Nothing more to do.
  }
}

/** The remembered lines, read defensively (as the cart itself), and forgotten. */
export function takeOrderedLines(now: number = Date.now()): CartLine[] {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(ORDERED_LINES_KEY) ?? null;
  } catch {
    return [];
  }
  forgetOrderedLines();
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const savedAt = (parsed as { savedAt?: unknown } | null)?.savedAt;
  if (typeof savedAt !== 'number' || now - savedAt > ORDERED_LINES_MAX_AGE_MS || savedAt > now) {
    return [];
  }
  return restorePersistedCart(parsed).items;
}
