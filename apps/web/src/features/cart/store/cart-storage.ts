import {
  CART_STORAGE_VERSION,
  restorePersistedCart,
  type CartLine,
  type PersistedCart,
} from '@cadran/domain/cart';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { logger } from '@/lib/logger';

/**
 * What the cart writes to localStorage: its lines, totals being recomputed on load, and the
 * promo code the buyer applied, kept into the checkout.
 */
export interface PersistedCartState {
  items: CartLine[];
  promoCode?: string;
}

/** A stored code is anyone's text: kept only when it looks like a code (3 to 32 characters). */
const PROMO_CODE = /^[A-Z0-9_-]{3,32}$/;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked by privacy settings: the cart still works for this visit.
    return null;
  }
}

function discard(storage: Storage, name: string, reason: string, raw: string): null {
  logger.warning('Stored cart discarded', {
    reason,
    length: raw.length,
    preview: raw.slice(0, 200),
  });
  try {
    storage.removeItem(name);
  } catch {
    // Nothing more to do: the next save overwrites it.
  }
  return null;
}

/**
 * localStorage adapter of the cart: every change is saved (docs/product.md 'Cart'). The stored
 * value is the domain's versioned PersistedCart; anything else (not JSON, another version, an old
 * shape) is discarded and logged so the site starts with an empty cart instead of breaking, and
 * damaged lines are dropped one by one (restorePersistedCart).
 */
export function createCartStorage(
  onSaveFailed: (error: unknown) => void,
): PersistStorage<PersistedCartState> {
  return {
    getItem(name): StorageValue<PersistedCartState> | null {
      const storage = browserStorage();
      let raw: string | null = null;
      try {
        raw = storage?.getItem(name) ?? null;
      } catch {
        return null;
      }
      if (!storage || raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return discard(storage, name, 'not_json', raw);
      }
      const version = (parsed as { version?: unknown } | null)?.version;
      const items = (parsed as { items?: unknown } | null)?.items;
      if (version !== CART_STORAGE_VERSION || !Array.isArray(items)) {
        return discard(storage, name, 'unknown_format', raw);
      }
      const restored: PersistedCart = restorePersistedCart(parsed);
      if (restored.items.length < items.length) {
        logger.warning('Damaged cart lines dropped', {
          stored: items.length,
          kept: restored.items.length,
        });
      }
      const promoCode = (parsed as { promoCode?: unknown }).promoCode;
      return {
        state: {
          items: restored.items,
          ...(typeof promoCode === 'string' && PROMO_CODE.test(promoCode) ? { promoCode } : {}),
        },
        version: CART_STORAGE_VERSION,
      };
    },

    setItem(name, value) {
      const { promoCode } = value.state;
      const body: PersistedCart & { promoCode?: string } = {
        version: CART_STORAGE_VERSION,
        items: value.state.items,
        ...(promoCode ? { promoCode } : {}),
      };
      try {
        browserStorage()?.setItem(name, JSON.stringify(body));
      } catch (error) {
        // Quota exceeded or storage disabled mid-visit.
        logger.warning('Cart could not be saved', { error });
        onSaveFailed(error);
      }
    },

    removeItem(name) {
      try {
        browserStorage()?.removeItem(name);
      } catch {
        // Same as above: nothing to clean when storage is unavailable.
      }
    },
  };
}
