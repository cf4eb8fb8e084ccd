import {
  NO_CUSTOMIZATIONS,
  lineSubtotalCents,
  type CartCustomizations,
  type CartLine,
  type CartTemplate,
} from './cart';
import { CART_LINES_MAX, QUANTITY_MAX } from './constants';

/**
 * Pure cart transitions (docs/product.md 'Cart'), for the browser store. Each returns a new array
 * and leaves its input untouched; the caller supplies line ids so these stay deterministic.
 */

export class CartFullError extends Error {
  constructor() {
    super(`A cart holds at most ${CART_LINES_MAX} lines`);
    this.name = 'CartFullError';
  }
}

/** Adding: a template already in the cart gets its quantity raised, else a new line. */
export function addToCart(
  lines: readonly CartLine[],
  template: CartTemplate,
  newLineId: string,
  quantity = 1,
  customizations: CartCustomizations = NO_CUSTOMIZATIONS,
): CartLine[] {
  const existing = lines.find((line) => line.template.id === template.id);
  if (existing) {
    return lines.map((line) =>
      line === existing
        ? { ...line, quantity: Math.min(line.quantity + quantity, QUANTITY_MAX) }
        : line,
    );
  }
  if (lines.length >= CART_LINES_MAX) throw new CartFullError();
  const fresh: CartLine = {
    id: newLineId,
    template,
    quantity: Math.min(Math.max(quantity, 1), QUANTITY_MAX),
    customizations: { ...customizations },
  };
  return [...lines, fresh];
}

/** Updating a quantity: 0 or less removes the line; above QUANTITY_MAX is capped. */
export function updateCartQuantity(
  lines: readonly CartLine[],
  lineId: string,
  quantity: number,
): CartLine[] {
  if (quantity <= 0 || Number.isNaN(quantity)) return removeFromCart(lines, lineId);
  const capped = Math.min(Math.trunc(quantity), QUANTITY_MAX);
  return lines.map((line) =>
    line.id === lineId ? { ...line, quantity: Math.max(capped, 1) } : line,
  );
}

export function updateCartCustomizations(
  lines: readonly CartLine[],
  lineId: string,
  customizations: CartCustomizations,
): CartLine[] {
  return lines.map((line) =>
    line.id === lineId ? { ...line, customizations: { ...customizations } } : line,
  );
}

export const removeFromCart = (lines: readonly CartLine[], lineId: string): CartLine[] =>
  lines.filter((line) => line.id !== lineId);

/** The subtotal shown on a line (docs/product.md 'Cart'), always recomputed, never stored. */
export const cartLineSubtotalCents = (line: CartLine): number =>
  lineSubtotalCents(line.template, line.customizations, line.quantity);
