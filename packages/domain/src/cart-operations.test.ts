import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart';
import {
  CartFullError,
  addToCart,
  cartLineSubtotalCents,
  removeFromCart,
  updateCartCustomizations,
  updateCartQuantity,
} from './cart-operations';
import { cartTemplate } from './test-fixtures';

describe('cart operations', () => {
  const pro = cartTemplate({ id: 1 });
  const starter = cartTemplate({ id: 2, priceCents: 1900, setupFeeCents: 0 });

  it('adds a new line, then raises its quantity when the template is added again', () => {
    const one = addToCart([], pro, 'l1');
    expect(one).toEqual([
      {
        id: 'l1',
        template: pro,
        quantity: 1,
        customizations: { extra_domains: 0, extra_installations: 0 },
      },
    ]);
    const two = addToCart(one, pro, 'l2', 2);
    expect(two).toHaveLength(1);
    expect(two[0]?.quantity).toBe(3);
    expect(one[0]?.quantity).toBe(1);
    expect(addToCart(two, starter, 'l3').map((l) => l.id)).toEqual(['l1', 'l3']);
  });

  it('caps quantities at 100', () => {
    const lines = addToCart([], pro, 'l1', 99);
    expect(addToCart(lines, pro, 'x', 5)[0]?.quantity).toBe(100);
    expect(updateCartQuantity(lines, 'l1', 1000)[0]?.quantity).toBe(100);
  });

  it('removes a line when its quantity drops to 0 or less', () => {
    const lines = addToCart(addToCart([], pro, 'l1'), starter, 'l2');
    expect(updateCartQuantity(lines, 'l1', 0).map((l) => l.id)).toEqual(['l2']);
    expect(updateCartQuantity(lines, 'l2', -3).map((l) => l.id)).toEqual(['l1']);
    expect(updateCartQuantity(lines, 'l2', 4)[1]?.quantity).toBe(4);
    expect(removeFromCart(lines, 'l1').map((l) => l.id)).toEqual(['l2']);
    expect(removeFromCart(lines, 'missing')).toEqual(lines);
  });

  it('updates customisations and recomputes the line subtotal', () => {
    const lines = updateCartCustomizations(addToCart([], pro, 'l1', 2), 'l1', {
      extra_domains: 2,
      extra_installations: 1,
    });
    expect(cartLineSubtotalCents(lines[0]!)).toBe((4900 + 1050 + 2000 + 500) * 2);
  });

  it('refuses a 21st line', () => {
    let lines: CartLine[] = [];
    for (let id = 1; id <= 20; id += 1) lines = addToCart(lines, cartTemplate({ id }), `l${id}`);
    expect(() => addToCart(lines, cartTemplate({ id: 99 }), 'l99')).toThrow(CartFullError);
    expect(addToCart(lines, cartTemplate({ id: 5 }), 'again')).toHaveLength(20);
  });

  it('keeps one line per template and every quantity in 1..100', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        templateId: fc.integer({ min: 1, max: 5 }),
        quantity: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        kind: fc.constant('set' as const),
        index: fc.nat(10),
        quantity: fc.integer({ min: -5, max: 200 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let lines: CartLine[] = [];
        ops.forEach((o, n) => {
          if (o.kind === 'add')
            lines = addToCart(lines, cartTemplate({ id: o.templateId }), `l${n}`, o.quantity);
          else
            lines = updateCartQuantity(
              lines,
              lines[o.index % Math.max(lines.length, 1)]?.id ?? '',
              o.quantity,
            );
        });
        const ids = lines.map((l) => l.template.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const l of lines) {
          expect(l.quantity).toBeGreaterThanOrEqual(1);
          expect(l.quantity).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});
