import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  lineSubtotalCents,
  lineUnitCents,
  normalizeQuantity,
  restorePersistedCart,
  safePrice,
  syncCartWithCatalog,
  toCartTemplate,
  type CartLine,
  type CartLineInput,
  type CartTemplateInput,
} from './cart';
import { CartCustomizationsSchema, PersistedCartSchema } from './cart-schemas';
import { addToCart, updateCartQuantity } from './cart-operations';
import { centsToDecimalString } from './money';
import { cartTemplate } from './test-fixtures';

describe('line arithmetic', () => {
  const template = { priceCents: 4900, setupFeeCents: 1050 };

  it('adds setup fee and extras to the unit price', () => {
    expect(lineUnitCents(template, { extra_domains: 0, extra_installations: 0 })).toBe(5950);
    expect(lineUnitCents(template, { extra_domains: 2, extra_installations: 3 })).toBe(
      5950 + 2000 + 1500,
    );
  });

  it('multiplies by the quantity', () => {
    expect(lineSubtotalCents(template, { extra_domains: 1, extra_installations: 1 }, 3)).toBe(
      (5950 + 1500) * 3,
    );
  });
});

describe('cartTotals', () => {
  it('sums quantities and amounts and applies 20 % to the subtotal', () => {
    const lines: CartLineInput[] = [
      {
        template: { priceCents: 4900, setupFeeCents: 0 },
        customizations: { extra_domains: 0, extra_installations: 0 },
        quantity: 2,
      },
      {
        template: { priceCents: 1999, setupFeeCents: 500 },
        customizations: { extra_domains: 1, extra_installations: 0 },
        quantity: 1,
      },
    ];
    expect(cartTotals(lines)).toEqual({
      itemCount: 3,
      subtotalCents: 9800 + 3499,
      taxRate: 20,
      taxCents: 2660, // 2659.8
      totalCents: 13299 + 2660,
    });
  });

  it('applies another rate at checkout', () => {
    const lines: CartLineInput[] = [
      {
        template: { priceCents: 10000, setupFeeCents: 0 },
        customizations: { extra_domains: 0, extra_installations: 0 },
        quantity: 1,
      },
    ];
    expect(cartTotals(lines, 8.1).taxCents).toBe(810);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      taxRate: 20,
      taxCents: 0,
      totalCents: 0,
    });
  });

  const lineArb = fc.record({
    template: fc.record({
      priceCents: fc.integer({ min: 0, max: 10_000_000 }),
      setupFeeCents: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    customizations: fc.record({
      extra_domains: fc.integer({ min: 0, max: 10 }),
      extra_installations: fc.integer({ min: 0, max: 10 }),
    }),
    quantity: fc.integer({ min: 1, max: 100 }),
  });

  it('keeps totals exact: total = sum of lines + tax, never negative', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const totals = cartTotals(lines);
        const sum = lines.reduce(
          (acc, l) => acc + lineSubtotalCents(l.template, l.customizations, l.quantity),
          0,
        );
        expect(totals.subtotalCents).toBe(sum);
        expect(totals.subtotalCents).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
        expect(totals.totalCents).toBe(sum + totals.taxCents);
        expect(Math.abs(totals.taxCents - sum * 0.2)).toBeLessThanOrEqual(0.5);
        expect(totals.itemCount).toBe(lines.reduce((acc, l) => acc + l.quantity, 0));
      }),
    );
  });
});

describe('CartCustomizationsSchema', () => {
  it('defaults to zero and accepts 0..10 integers only', () => {
    expect(CartCustomizationsSchema.parse({})).toEqual({
      extra_domains: 0,
      extra_installations: 0,
    });
    for (const bad of [-1, 11, 1.5, '2', null]) {
      const result = CartCustomizationsSchema.safeParse({ extra_domains: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('checkout.extras_range');
    }
  });

  it('accepts exactly the range 0..10', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (n) => {
        expect(CartCustomizationsSchema.safeParse({ extra_installations: n }).success).toBe(
          n >= 0 && n <= 10,
        );
      }),
    );
  });
});

describe('normalizeQuantity', () => {
  it.each([
    ['3', 3],
    [3, 3],
    ['abc', 1],
    ['', 1],
    [undefined, 1],
    [Number.NaN, 1],
    ['2.7', 2],
    ['1e3', 100],
    [500, 100],
    [Number.POSITIVE_INFINITY, 100],
    ['0', null],
    [0, null],
    ['-2', null],
    [0.5, null],
  ] as const)('%j -> %j', (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });

  it('never yields a quantity below 1', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer()), (input) => {
        const q = normalizeQuantity(input);
        if (q !== null) {
          expect(Number.isInteger(q)).toBe(true);
          expect(q).toBeGreaterThanOrEqual(1);
          expect(q).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});

describe('safePrice', () => {
  it('parses valid prices without warning', () => {
    expect(safePrice('49.90')).toEqual({ cents: 4990 });
    expect(safePrice(12)).toEqual({ cents: 1200 });
  });

  it('counts unparsable or negative prices as 0 with a warning', () => {
    expect(safePrice('abc')).toEqual({ cents: 0, warning: 'unparsable' });
    expect(safePrice(undefined)).toEqual({ cents: 0, warning: 'unparsable' });
    expect(safePrice('-5.00')).toEqual({ cents: 0, warning: 'negative' });
    expect(safePrice(-1)).toEqual({ cents: 0, warning: 'negative' });
  });
});

describe('persisted cart', () => {
  const line = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    template: cartTemplate(),
    quantity: 2,
    customizations: { extra_domains: 1, extra_installations: 0 },
    ...overrides,
  });

  it('validates a version-1 cart and drops stored subtotals', () => {
    const parsed = PersistedCartSchema.parse({
      version: 1,
      items: [{ ...line('a'), subtotal: 99 }],
    });
    expect(parsed.items[0]).toEqual(line('a'));
  });

  it('restores the valid lines and drops damaged or duplicate ones', () => {
    const restored = restorePersistedCart({
      version: 1,
      items: [
        line('a'),
        line('b', { quantity: 0 }),
        line('c', { template: cartTemplate({ priceCents: -100 }) }),
        line('d', { customizations: { extra_domains: 99, extra_installations: 0 } }),
        line('a'),
        'garbage',
        line('e', { quantity: 1 }),
      ],
    });
    expect(restored.items.map((l) => l.id)).toEqual(['a', 'e']);
  });

  it.each([
    [null],
    ['cart'],
    [{ version: 2, items: [] }],
    [{ version: 1 }],
    [{ version: 1, items: {} }],
  ])('gives an empty cart for %j', (raw) => {
    expect(restorePersistedCart(raw)).toEqual({ version: 1, items: [] });
  });
});

describe('toCartTemplate', () => {
  const input = (overrides: Partial<CartTemplateInput> = {}): CartTemplateInput => ({
    id: 7,
    name: 'Pro',
    description: 'Pour les PME',
    price: '49.00',
    setup_fee: '10.50',
    billing_cycle: 'annually',
    domain_limit: 3,
    installation_limit: 2,
    update_permissions: 1,
    ...overrides,
  });

  it('keeps the snapshot in cents without warning', () => {
    expect(toCartTemplate(input())).toEqual({
      template: {
        id: 7,
        name: 'Pro',
        description: 'Pour les PME',
        priceCents: 4900,
        setupFeeCents: 1050,
        billingCycle: 'annually',
        domainLimit: 3,
        installationLimit: 2,
        updatePermissions: true,
      },
      warnings: [],
    });
  });

  it('counts an unparsable or negative amount as 0 and reports it', () => {
    const { template, warnings } = toCartTemplate(input({ price: 'gratuit', setup_fee: '-3' }));
    expect(template.priceCents).toBe(0);
    expect(template.setupFeeCents).toBe(0);
    expect(warnings).toEqual([
      { field: 'price', kind: 'unparsable', raw: 'gratuit' },
      { field: 'setup_fee', kind: 'negative', raw: '-3' },
    ]);
  });

  it('treats a missing setup fee as none and an unknown cycle as absent', () => {
    const { template, warnings } = toCartTemplate(
      input({ setup_fee: undefined, billing_cycle: 'weekly', update_permissions: 0 }),
    );
    expect(template.setupFeeCents).toBe(0);
    expect(template.billingCycle).toBeUndefined();
    expect(template.updatePermissions).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('always gives a snapshot a stored cart accepts, never a negative amount', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(undefined)),
        fc.integer({ min: -5, max: 5000 }),
        fc.string({ maxLength: 300 }),
        (price, limit, name) => {
          const { template, warnings } = toCartTemplate(
            input({ price, domain_limit: limit, installation_limit: limit, name }),
          );
          expect(template.priceCents).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(template.priceCents)).toBe(true);
          expect(warnings.length > 0).toBe(safePrice(price).warning !== undefined);
          const line = { id: 'l', template, quantity: 1, customizations: NO_EXTRAS };
          expect(PersistedCartSchema.safeParse({ version: 1, items: [line] }).success).toBe(true);
        },
      ),
    );
  });
});

const NO_EXTRAS = { extra_domains: 0, extra_installations: 0 };

describe('syncCartWithCatalog', () => {
  const line = (id: string, templateId: number, quantity = 1): CartLine => ({
    id,
    template: cartTemplate({ id: templateId }),
    quantity,
    customizations: { extra_domains: 2, extra_installations: 1 },
  });

  it('drops lines whose template is gone and refreshes the others', () => {
    const renamed = cartTemplate({ id: 2, name: 'Pro (EN)', priceCents: 5900 });
    const { lines, dropped } = syncCartWithCatalog(
      [line('a', 1), line('b', 2, 3)],
      [renamed, cartTemplate({ id: 9 })],
    );
    expect(dropped.map((l) => l.id)).toEqual(['a']);
    expect(lines).toEqual([{ ...line('b', 2, 3), template: renamed }]);
  });
});

describe('cart arithmetic properties', () => {
  /** Amounts as the API writes them, so the test also covers the string-to-cents step. */
  const wireLine = fc.record({
    price: fc.integer({ min: 0, max: 5_000_000 }),
    setup: fc.integer({ min: 0, max: 500_000 }),
    extraDomains: fc.integer({ min: 0, max: 10 }),
    extraInstallations: fc.integer({ min: 0, max: 10 }),
    quantity: fc.integer({ min: 1, max: 100 }),
  });

  it('computes every line and total in exact cents from decimal strings', () => {
    fc.assert(
      fc.property(fc.array(wireLine, { maxLength: 20 }), (specs) => {
        const lines = specs.map((spec, i) => {
          const { template } = toCartTemplate({
            id: i + 1,
            name: 'T',
            description: '',
            price: centsToDecimalString(spec.price),
            setup_fee: centsToDecimalString(spec.setup),
            domain_limit: 1,
            installation_limit: 1,
            update_permissions: 0,
          });
          return {
            template,
            customizations: CartCustomizationsSchema.parse({
              extra_domains: spec.extraDomains,
              extra_installations: spec.extraInstallations,
            }),
            quantity: spec.quantity,
          };
        });
        // Reference computed with BigInt: no float anywhere.
        const expected = specs.reduce(
          (sum, s) =>
            sum +
            (BigInt(s.price) +
              BigInt(s.setup) +
              1000n * BigInt(s.extraDomains) +
              500n * BigInt(s.extraInstallations)) *
              BigInt(s.quantity),
          0n,
        );
        const totals = cartTotals(lines);
        expect(BigInt(totals.subtotalCents)).toBe(expected);
        for (const line of lines) {
          const sub = lineSubtotalCents(line.template, line.customizations, line.quantity);
          expect(Number.isSafeInteger(sub)).toBe(true);
          expect(sub).toBeGreaterThanOrEqual(0);
        }
        // Tax is 20 % rounded half-up once, on the subtotal: 2 * subtotal / 10 exactly.
        expect(BigInt(totals.taxCents)).toBe((expected * 2n + 5n) / 10n);
      }),
    );
  });

  it('keeps quantities >= 1 and totals equal to the sum of lines through any edit sequence', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.integer({ min: 1, max: 4 }) }),
      fc.record({
        kind: fc.constant('set' as const),
        index: fc.nat(5),
        quantity: fc.oneof(fc.integer({ min: -3, max: 150 }), fc.constant(Number.NaN)),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let lines: CartLine[] = [];
        ops.forEach((o, n) => {
          if (o.kind === 'add') lines = addToCart(lines, cartTemplate({ id: o.id }), `l${n}`);
          else {
            const target = lines[o.index % Math.max(lines.length, 1)];
            if (target) lines = updateCartQuantity(lines, target.id, o.quantity);
          }
        });
        const totals = cartTotals(lines);
        expect(lines.every((l) => l.quantity >= 1)).toBe(true);
        expect(totals.subtotalCents).toBe(
          lines.reduce(
            (sum, l) => sum + lineSubtotalCents(l.template, l.customizations, l.quantity),
            0,
          ),
        );
        expect(totals.itemCount).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
        expect(totals.subtotalCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
