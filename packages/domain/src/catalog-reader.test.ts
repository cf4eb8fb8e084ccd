import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES } from './billing-cycles';
import { readLicenseTemplate, readTemplateList } from './catalog-reader';
import { LicenseTemplateSchema } from './catalog-template';

/**
 * catalog-reader.ts reads the templates answer by hand so the cart ships no zod
 * (docs/quality.md); these properties prove it accepts exactly what LicenseTemplateSchema
 * accepts, with the same result.
 */

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom(0, -1, 1, 2, 1.5, NaN, Infinity, -Infinity, -0),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER - 2,
  ),
  fc.constantFrom('', '1', '49.9', '49.90', '12345678901.00', ' 1.00', 'monthly', 'weekly'),
  fc.constantFrom(true, false, [], {}, [1], ['a', 2], ['a', 'b']),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
);

const decimal = fc
  .tuple(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);

const template = fc.record(
  {
    id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    name: fc.string({ maxLength: 60 }),
    description: fc.string({ maxLength: 60 }),
    price: decimal,
    setup_fee: decimal,
    renewal_price: decimal,
    billing_cycle: fc.constantFrom(...BILLING_CYCLES),
    domain_limit: fc.integer({ min: 1, max: 1000 }),
    installation_limit: fc.integer({ min: 1, max: 1000 }),
    sort_order: fc.integer({ min: -1000, max: 1000 }),
    is_featured: fc.constantFrom(0, 1),
    update_permissions: fc.constantFrom(0, 1),
    features: fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }),
    // A field the site does not know: both readers drop it.
    created_at: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: [] },
);

const FIELDS = [
  'id',
  'name',
  'description',
  'price',
  'setup_fee',
  'renewal_price',
  'billing_cycle',
  'domain_limit',
  'installation_limit',
  'sort_order',
  'is_featured',
  'update_permissions',
  'features',
] as const;

/** A template with one field replaced by an odd value. */
const damaged = fc
  .tuple(template, fc.constantFrom(...FIELDS), odd)
  .map(([value, field, replacement]) => ({ ...value, [field]: replacement }));

describe('readLicenseTemplate agrees with LicenseTemplateSchema', () => {
  it('on complete templates, partial ones, damaged ones and arbitrary values', () => {
    fc.assert(
      fc.property(fc.oneof(template, damaged, damaged, fc.anything()), (raw) => {
        const parsed = LicenseTemplateSchema.safeParse(raw);
        const read = readLicenseTemplate(raw);
        expect(read !== null).toBe(parsed.success);
        if (parsed.success) expect(read).toStrictEqual(parsed.data);
      }),
      { numRuns: 4000 },
    );
  });

  it('keeps the valid templates of a list and counts the others', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(template, damaged), { maxLength: 6 }), (list) => {
        const read = readTemplateList({ templates: list });
        const accepted = list.filter((item) => LicenseTemplateSchema.safeParse(item).success);
        expect(read).toStrictEqual({
          templates: accepted.map((item) => LicenseTemplateSchema.parse(item)),
          rejected: list.length - accepted.length,
        });
      }),
    );
  });
});
