import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES } from './billing-cycles';
import { ORDER_VAT_NUMBER_STATUSES, QuoteSchema } from './quote-answer';
import { readQuoteAnswer, readQuoteEnvelope } from './quote-answer-reader';
import { TAX_KINDS } from './tax-treatment';

/**
 * quote-answer-reader.ts reads the quote answer by hand so the cart ships no zod
 * (docs/quality.md); these properties prove it accepts exactly what QuoteSchema accepts, with
 * the same result.
 */

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom(0, -1, 1, 1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom('', '1', '49.9', '49.90', '20.00', '2026-02-29', '2028-02-29', '2026-13-01'),
  fc.constantFrom('2026-11-24T10:00:00Z', '2026-11-24T10:00:00+01:00', '2026-11-24T10:00Z'),
  fc.constantFrom('2026-11-24T10:00:00', '2026-11-24', 'domestic', 'verified', 'monthly'),
  fc.constantFrom(true, false, [], {}, [1]),
  fc.string({ maxLength: 12 }),
);

const amount = fc
  .tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);
const day = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2040-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
const instant = fc.oneof(
  fc
    .date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2040-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  fc.constantFrom('2026-12-01T00:00:00+01:00', '2026-12-01T00:00:00.5-05:30'),
  fc.constant(null),
);

const line = fc.record(
  {
    template_id: fc.integer({ min: 1, max: 1_000_000 }),
    billing_cycle: fc.constantFrom(...BILLING_CYCLES),
    quantity: fc.integer({ min: 1, max: 100 }),
    unit_price: amount,
    subtotal: amount,
    discount: amount,
    total: amount,
    period_start: day,
    renews_on: day,
    renewal_price: amount,
    unknown_field: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: ['template_id', 'quantity', 'unit_price', 'subtotal', 'discount', 'total'] },
);

const quote = fc.record(
  {
    lines: fc.array(line, { maxLength: 3 }),
    subtotal: amount,
    discount: amount,
    taxable: amount,
    tax: amount,
    tax_rate: amount,
    reverse_charge: fc.boolean(),
    total: amount,
    mention: fc.string({ maxLength: 20 }),
    tax_kind: fc.constantFrom(...TAX_KINDS),
    vat_number_status: fc.constantFrom(...ORDER_VAT_NUMBER_STATUSES),
    auto_renew: fc.boolean(),
    next_charge_at: instant,
    unknown_field: fc.integer(),
  },
  {
    requiredKeys: [
      'lines',
      'subtotal',
      'discount',
      'taxable',
      'tax',
      'tax_rate',
      'reverse_charge',
      'total',
    ],
  },
);

const QUOTE_FIELDS = [
  'lines',
  'subtotal',
  'discount',
  'taxable',
  'tax',
  'tax_rate',
  'reverse_charge',
  'total',
  'mention',
  'tax_kind',
  'vat_number_status',
  'auto_renew',
  'next_charge_at',
] as const;
const LINE_FIELDS = [
  'template_id',
  'billing_cycle',
  'quantity',
  'unit_price',
  'subtotal',
  'discount',
  'total',
  'period_start',
  'renews_on',
  'renewal_price',
] as const;

/** A quote with one field, of the quote or of its first line, replaced by an odd value. */
const damaged = fc
  .tuple(quote, fc.constantFrom(...QUOTE_FIELDS, ...LINE_FIELDS.map((f) => `line.${f}`)), odd)
  .map(([value, field, replacement]) => {
    const copy: Record<string, unknown> = structuredClone(value);
    if (!field.startsWith('line.')) return { ...copy, [field]: replacement };
    const [first, ...rest] = value.lines;
    const damagedLine = { ...(first ?? {}), [field.slice(5)]: replacement };
    return { ...copy, lines: [damagedLine, ...rest] };
  });

describe('readQuoteAnswer agrees with QuoteSchema', () => {
  it('on whole quotes, damaged ones and arbitrary values', () => {
    fc.assert(
      fc.property(fc.oneof(quote, damaged, damaged, damaged, fc.anything()), (raw) => {
        const parsed = QuoteSchema.safeParse(raw);
        const read = readQuoteAnswer(raw);
        expect(read !== null).toBe(parsed.success);
        if (parsed.success) expect(read).toStrictEqual(parsed.data);
      }),
      { numRuns: 4000 },
    );
  });

  it('reads the answer envelope only when it says success', () => {
    fc.assert(
      fc.property(quote, fc.constantFrom(true, false, 'true', undefined), (value, success) => {
        const read = readQuoteEnvelope({ success, quote: value });
        expect(read).toStrictEqual(success === true ? QuoteSchema.parse(value) : null);
      }),
    );
    expect(readQuoteEnvelope(null)).toBeNull();
    expect(readQuoteEnvelope({ success: true })).toBeNull();
  });
});
