import {
  CART_STORAGE_VERSION,
  NO_CUSTOMIZATIONS,
  cartTotals,
  lineSubtotalCents,
  syncCartWithCatalog,
  toCartTemplate,
  type CartCustomizations,
  type CartLine,
  type CartTemplate,
  type CartTemplateInput,
  type CartTotals,
} from '@cadran/domain/cart';
import {
  CartFullError,
  addToCart,
  removeFromCart,
  updateCartCustomizations,
  updateCartQuantity,
} from '@cadran/domain/cart-operations';
import { CART_STORAGE_KEY, CURRENCY, type Currency } from '@cadran/domain/constants';
import type { MessageKey } from '@cadran/domain/messages';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { logger } from '@/lib/logger';
import { createCartStorage, type PersistedCartState } from './cart-storage';
import { newLineId } from './line-id';
import { forgetOrderedLines, rememberOrderedLines, takeOrderedLines } from './ordered-lines';

/**
 * The cart (docs/product.md 'Cart'): lines persisted in localStorage, every amount derived
 * through the domain's integer-cent rules and recomputed on each change and on load.
 */

/** A line with its subtotal, recomputed by the store and never read from storage. */
export type CartItem = CartLine & { subtotalCents: number };

export type CartAction = 'add' | 'update' | 'remove' | 'clear' | 'sync' | 'save';

/** Add, update, remove and clear failures land in the store's error field. */
export interface CartError {
  action: CartAction;
  message: MessageKey;
}

export class CartActionError extends Error {
  override readonly name = 'CartActionError';
  constructor(readonly cartError: CartError) {
    super(cartError.message);
  }
}

export interface AddItemOptions {
  quantity?: number;
  customizations?: CartCustomizations;
}

export interface CartState {
  items: CartItem[];
  totals: CartTotals;
  currency: Currency;
  error: CartError | null;
  /** Names of lines dropped because their template is no longer sold, until acknowledged. */
  unavailableRemoved: string[];
  /**
   * The promo code the server accepted for this cart ('' for none), kept into the checkout
   * and sent with the quote and the order.
   */
  promoCode: string;
  setPromoCode: (code: string) => void;
  /** Adds a template, or one more of it. Throws CartActionError on failure. */
  addItem: (template: CartTemplateInput, options?: AddItemOptions) => void;
  /** A quantity of 0 or less removes the line. */
  updateQuantity: (lineId: string, quantity: number) => void;
  updateCustomizations: (lineId: string, customizations: CartCustomizations) => void;
  removeItem: (lineId: string) => void;
  clear: () => void;
  /** Empties the cart after an order was placed, remembering its lines for a retry. */
  clearAfterOrder: () => void;
  /**
   * Puts back the lines of the last order placed, when the cart is still empty (its payment
   * failed). True when lines were restored.
   */
  resumeLastOrder: () => boolean;
  /** The last order was paid: its lines need not be kept any more. */
  forgetLastOrder: () => void;
  /** Drops lines whose template left the catalogue and refreshes the others' snapshots. */
  syncWithCatalog: (catalogue: readonly CartTemplateInput[]) => void;
  clearError: () => void;
  acknowledgeUnavailable: () => void;
}

/** Recomputes every line subtotal and the cart totals from the lines alone. */
export function withTotals(lines: readonly CartLine[]): Pick<CartState, 'items' | 'totals'> {
  return {
    items: lines.map((line) => ({
      ...line,
      subtotalCents: lineSubtotalCents(line.template, line.customizations, line.quantity),
    })),
    totals: cartTotals(lines),
  };
}

const toLine = ({ subtotalCents: _subtotal, ...line }: CartItem): CartLine => line;

/** An amount counted as 0 is reported, never silently accepted (docs/product.md 'Cart'). */
function snapshotOf(input: CartTemplateInput): CartTemplate {
  const { template, warnings } = toCartTemplate(input);
  for (const warning of warnings) {
    logger.warning('Invalid cart price counted as 0', {
      templateId: input.id,
      field: warning.field,
      kind: warning.kind,
      value: String(warning.raw),
    });
  }
  return template;
}

const EMPTY = withTotals([]);

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => {
      /** Applies a change to the lines; an unexpected failure becomes the store's error. */
      const change = (action: CartAction, next: (lines: CartLine[]) => CartLine[]) => {
        try {
          set({ ...withTotals(next(get().items.map(toLine))), error: null });
        } catch (error) {
          const cartError: CartError = {
            action,
            message: error instanceof CartFullError ? 'cart.full' : 'cart.action_failed',
          };
          logger.error('Cart change failed', { action, error });
          set({ error: cartError });
          throw new CartActionError(cartError);
        }
      };

      return {
        ...EMPTY,
        currency: CURRENCY,
        error: null,
        unavailableRemoved: [],
        promoCode: '',
        setPromoCode: (promoCode) => set({ promoCode }),
        addItem: (input, options = {}) =>
          change('add', (lines) =>
            addToCart(
              lines,
              snapshotOf(input),
              newLineId(),
              options.quantity ?? 1,
              options.customizations ?? NO_CUSTOMIZATIONS,
            ),
          ),
        updateQuantity: (lineId, quantity) =>
          change('update', (lines) => updateCartQuantity(lines, lineId, quantity)),
        updateCustomizations: (lineId, customizations) =>
          change('update', (lines) => updateCartCustomizations(lines, lineId, customizations)),
        removeItem: (lineId) => change('remove', (lines) => removeFromCart(lines, lineId)),
        clear: () => {
          change('clear', () => []);
          set({ promoCode: '' });
        },
        clearAfterOrder: () => {
          rememberOrderedLines(get().items.map(toLine));
          change('clear', () => []);
          // The order carries the code now; a new cart starts without it.
          set({ promoCode: '' });
        },
        resumeLastOrder: () => {
          // Something added since (another tab, a new visit) wins over the old order.
          if (get().items.length > 0) {
            forgetOrderedLines();
            return false;
          }
          const lines = takeOrderedLines();
          if (lines.length === 0) return false;
          change('update', () => lines);
          return true;
        },
        forgetLastOrder: forgetOrderedLines,
        syncWithCatalog: (catalogue) => {
          const lines = get().items.map(toLine);
          const synced = syncCartWithCatalog(lines, catalogue.map(snapshotOf));
          // Same lines, same snapshots: no write, no re-render.
          if (JSON.stringify(synced.lines) === JSON.stringify(lines)) return;
          if (synced.dropped.length > 0) {
            logger.info('Cart lines dropped: template no longer sold', {
              templateIds: synced.dropped.map((line) => line.template.id),
            });
          }
          set((state) => ({
            ...withTotals(synced.lines),
            unavailableRemoved: [
              ...state.unavailableRemoved,
              ...synced.dropped.map((line) => line.template.name),
            ],
          }));
        },
        clearError: () => set({ error: null }),
        acknowledgeUnavailable: () => set({ unavailableRemoved: [] }),
      };
    },
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createCartStorage(() =>
        useCartStore.setState({ error: { action: 'save', message: 'cart.save_failed' } }),
      ),
      partialize: (state): PersistedCartState => ({
        items: state.items.map(toLine),
        ...(state.promoCode ? { promoCode: state.promoCode } : {}),
      }),
      // On start the cart is reloaded and every subtotal recomputed.
      merge: (persisted, current) => {
        const stored = persisted as PersistedCartState | undefined;
        return {
          ...current,
          ...withTotals(stored?.items ?? []),
          promoCode: stored?.promoCode ?? '',
        };
      },
    },
  ),
);

// Another tab changed the cart: reload it here so both tabs show, and save, the same lines.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) {
      void useCartStore.persist.rehydrate();
    }
  });
}

export const selectCartItemCount = (state: CartState): number =>
  state.items.reduce((total, item) => total + item.quantity, 0);

export const useCartItemCount = (): number => useCartStore(selectCartItemCount);
