import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES } from './billing-cycles';
import { readCartLine, restorePersistedCart } from './cart';
import { CartLineSchema, PersistedCartSchema } from './cart-schemas';

/**
 * cart.ts reads stored carts by hand so the first page ships no zod (docs/quality.md); these
 * properties prove it accepts exactly what CartLineSchema accepts, with the same result.
 */

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom(0, -1, 1, 1.5, 10, 11, 100, 101, 1000, 1001, NaN, Infinity, -Infinity),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 100_000_000_001),
  fc.constantFrom('', '1', 'annually', 'weekly', true, false, [], {}, [1]),
  fc.string({ maxLength: 120 }),
  fc.integer(),
);

const template = fc.record(
  {
    id: fc.integer({ min: 1, max: 10_000 }),
    name: fc.string({ maxLength: 210 }),
    description: fc.string({ maxLength: 40 }),
    priceCents: fc.integer({ min: 0, max: 10_000_000 }),
    setupFeeCents: fc.integer({ min: 0, max: 100_000 }),
    billingCycle: fc.constantFrom(...BILLING_CYCLES),
    domainLimit: fc.integer({ min: 1, max: 1000 }),
    installationLimit: fc.integer({ min: 1, max: 1000 }),
    updatePermissions: fc.boolean(),
  },
  {
    requiredKeys: [
      'id',
      'name',
      'description',
      'priceCents',
      'domainLimit',
      'installationLimit',
      'updatePermissions',
    ],
  },
);

const line = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 110 }),
    template,
    quantity: fc.integer({ min: 1, max: 100 }),
    customizations: fc.record(
      {
        extra_domains: fc.integer({ min: 0, max: 10 }),
        extra_installations: fc.integer({ min: 0, max: 10 }),
      },
      { requiredKeys: [] },
    ),
    subtotal: fc.integer(),
  },
  { requiredKeys: ['id', 'template', 'quantity'] },
);

/** A line with one field, at any depth, replaced by an odd value. */
const damagedLine = fc
  .tuple(
    line,
    fc.constantFrom(
      'id',
      'quantity',
      'customizations',
      'template',
      'template.id',
      'template.name',
      'template.priceCents',
      'template.setupFeeCents',
      'template.billingCycle',
      'template.domainLimit',
      'template.installationLimit',
      'template.updatePermissions',
      'customizations.extra_domains',
      'customizations.extra_installations',
    ),
    odd,
  )
  .map(([value, path, replacement]) => {
    const copy: Record<string, unknown> = structuredClone(value);
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail === undefined) copy[head] = replacement;
    else copy[head] = { ...(copy[head] as Record<string, unknown>), [tail]: replacement };
    return copy;
  });

describe('readCartLine agrees with CartLineSchema', () => {
  it('on valid lines, damaged lines and arbitrary values', () => {
    fc.assert(
      fc.property(fc.oneof(line, damagedLine, damagedLine, fc.anything()), (raw) => {
        const parsed = CartLineSchema.safeParse(raw);
        const read = readCartLine(raw);
        expect(read !== null).toBe(parsed.success);
        if (parsed.success) expect(read).toStrictEqual(JSON.parse(JSON.stringify(parsed.data)));
      }),
      { numRuns: 3000 },
    );
  });

  it('restores a stored cart that PersistedCartSchema accepts unchanged', () => {
    fc.assert(
      fc.property(fc.uniqueArray(line, { maxLength: 5, selector: (l) => l.id }), (items) => {
        const stored = { version: 1, items };
        const parsed = PersistedCartSchema.safeParse(stored);
        if (parsed.success) expect(restorePersistedCart(stored)).toEqual(parsed.data);
      }),
    );
  });
});
