import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES } from './billing-cycles';
import { cartTotals } from './cart';
import { EXTRAS_MAX, QUANTITY_MAX } from './constants';
import { applyRate } from './money';
import {
  QuoteRequestSchema,
  QuoteResponseSchema,
  computeQuote,
  quoteLineFrom,
  quoteRefusalErrors,
  quoteToWire,
  type QuoteLineInput,
} from './quote';
import { promoCode } from './test-fixtures';
import { EU_STANDARD_VAT_RATES, decideTaxTreatment, type TaxTreatment } from './tax-treatment';

const french = decideTaxTreatment({ country: 'FR' });
const reverse = decideTaxTreatment({
  country: 'DE',
  vatNumber: { country: 'DE', status: 'verified' },
});
const exported = decideTaxTreatment({ country: 'US' });

const promo = promoCode;
const context = { now: new Date('2026-11-24T12:00:00Z'), usesTotal: 0, usesByCustomer: 0 };

const lines: QuoteLineInput[] = [
  { templateId: 1, billingCycle: 'annually', unitPriceCents: 5950, quantity: 2 },
  { templateId: 2, billingCycle: 'monthly', unitPriceCents: 1999, quantity: 1 },
];

describe('computeQuote', () => {
  it('prices lines and applies French VAT once on the subtotal', () => {
    expect(computeQuote({ lines, tax: french })).toEqual({
      ok: true,
      quote: {
        lines: [
          { ...lines[0], subtotalCents: 11900, discountCents: 0, taxableCents: 11900 },
          { ...lines[1], subtotalCents: 1999, discountCents: 0, taxableCents: 1999 },
        ],
        subtotalCents: 13899,
        discountCents: 0,
        taxableCents: 13899,
        taxCents: 2780, // 2779.8
        taxRateBasisPoints: 2000,
        reverseCharge: false,
        totalCents: 16679,
        taxKind: 'domestic',
      },
    });
  });

  it('takes the promo off before VAT', () => {
    const result = computeQuote({ lines, promo: { code: promo(), context }, tax: french });
    expect(result).toMatchObject({
      ok: true,
      quote: {
        subtotalCents: 13899,
        discountCents: 1390, // 1389.9
        taxableCents: 12509,
        taxCents: 2502, // 2501.8
        totalCents: 15011,
      },
    });
    if (result.ok) {
      expect(result.quote.lines.map((line) => line.discountCents)).toEqual([1190, 200]);
    }
  });

  it('charges no VAT under the reverse charge or outside the EU, and carries the mention', () => {
    expect(computeQuote({ lines, tax: reverse })).toMatchObject({
      ok: true,
      quote: {
        taxCents: 0,
        totalCents: 13899,
        reverseCharge: true,
        taxKind: 'reverse_charge',
        mention: 'tax.mention.reverse_charge',
      },
    });
    expect(computeQuote({ lines, tax: exported })).toMatchObject({
      ok: true,
      quote: { taxCents: 0, reverseCharge: false, mention: 'tax.mention.export' },
    });
  });

  it("applies an EU consumer's rate", () => {
    const finnish = decideTaxTreatment({ country: 'FI' });
    expect(computeQuote({ lines, tax: finnish })).toMatchObject({
      ok: true,
      quote: { taxRateBasisPoints: 2550, taxCents: 3544 }, // 25.5 % of 138.99 = 35.44245
    });
  });

  it('refuses the quote when the promo is refused, with the field error to show', () => {
    expect(computeQuote({ lines, promo: { code: null, context }, tax: french })).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(
      computeQuote({ lines, promo: { code: promo({ templateIds: [9] }), context }, tax: french }),
    ).toEqual({ ok: false, reason: 'not_applicable' });
    expect(quoteRefusalErrors('expired')).toEqual({ promo_code: ['promo.expired'] });
  });

  it('refuses lines no caller should build', () => {
    const bad = (line: Partial<QuoteLineInput>) => () =>
      computeQuote({ lines: [{ ...lines[0]!, ...line }], tax: french });
    expect(bad({ unitPriceCents: -1 })).toThrow(RangeError);
    expect(bad({ unitPriceCents: 1.5 })).toThrow(RangeError);
    expect(bad({ quantity: 0 })).toThrow(RangeError);
  });

  const cartLine = fc.record({
    templateId: fc.integer({ min: 1, max: 6 }),
    billingCycle: fc.option(fc.constantFrom(...BILLING_CYCLES), { nil: undefined }),
    template: fc.record({
      priceCents: fc.integer({ min: 0, max: 10_000_000 }),
      setupFeeCents: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    customizations: fc.record({
      extra_domains: fc.integer({ min: 0, max: EXTRAS_MAX }),
      extra_installations: fc.integer({ min: 0, max: EXTRAS_MAX }),
    }),
    quantity: fc.integer({ min: 1, max: QUANTITY_MAX }),
  });
  const treatment: fc.Arbitrary<TaxTreatment> = fc.oneof(
    fc.constant(french),
    fc.constant(reverse),
    fc.constant(exported),
    fc
      .constantFrom(
        ...(Object.keys(EU_STANDARD_VAT_RATES) as (keyof typeof EU_STANDARD_VAT_RATES)[]),
      )
      .map((country) => decideTaxTreatment({ country })),
  );
  const anyPromo = fc.option(
    fc.record({
      discount: fc.oneof(
        fc.record({
          kind: fc.constant('percentage' as const),
          basisPoints: fc.integer({ min: 100, max: 10_000 }),
        }),
        fc.record({
          kind: fc.constant('fixed' as const),
          amountCents: fc.integer({ min: 1, max: 100_000_000 }),
        }),
      ),
      templateIds: fc.option(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }), {
        nil: null,
      }),
    }),
    { nil: undefined },
  );

  it('adds up: lines to totals, taxable plus tax to total, discount within subtotal', () => {
    fc.assert(
      fc.property(
        fc.array(cartLine, { minLength: 1, maxLength: 20 }),
        anyPromo,
        treatment,
        (cart, promoShape, tax) => {
          const result = computeQuote({
            lines: cart.map(quoteLineFrom),
            promo: promoShape ? { code: promo(promoShape), context } : null,
            tax,
          });
          if (!result.ok) {
            expect(result.reason).toBe('not_applicable');
            return;
          }
          const { quote } = result;
          const sum = (pick: (line: (typeof quote.lines)[number]) => number) =>
            quote.lines.reduce((acc, line) => acc + pick(line), 0);
          expect(sum((line) => line.subtotalCents)).toBe(quote.subtotalCents);
          expect(sum((line) => line.discountCents)).toBe(quote.discountCents);
          expect(sum((line) => line.taxableCents)).toBe(quote.taxableCents);
          expect(quote.taxableCents).toBe(quote.subtotalCents - quote.discountCents);
          expect(quote.totalCents).toBe(quote.taxableCents + quote.taxCents);
          expect(quote.discountCents).toBeGreaterThanOrEqual(0);
          expect(quote.discountCents).toBeLessThanOrEqual(quote.subtotalCents);
          for (const line of quote.lines) {
            expect(line.taxableCents).toBeGreaterThanOrEqual(0);
            expect(line.subtotalCents).toBe(line.unitPriceCents * line.quantity);
          }
          expect(quote.taxCents).toBe(applyRate(quote.taxableCents, tax.rateBasisPoints / 100));
          expect(quote.reverseCharge).toBe(tax.reverseCharge);
          if (tax.rateBasisPoints === 0) expect(quote.totalCents).toBe(quote.taxableCents);
        },
      ),
    );
  });

  it('without a promo, gives exactly the cart totals at the same rate', () => {
    fc.assert(
      fc.property(fc.array(cartLine, { maxLength: 20 }), treatment, (cart, tax) => {
        const result = computeQuote({ lines: cart.map(quoteLineFrom), tax });
        const totals = cartTotals(cart, tax.rateBasisPoints / 100);
        expect(result).toMatchObject({
          ok: true,
          quote: {
            subtotalCents: totals.subtotalCents,
            discountCents: 0,
            taxCents: totals.taxCents,
            totalCents: totals.totalCents,
          },
        });
      }),
    );
  });
});

describe('QuoteRequestSchema', () => {
  const item = {
    template_id: 1,
    quantity: 2,
    customizations: { primary_domain: 'https://www.Exemple.fr/', extra_domains: 1 },
  };
  const request = {
    items: [item],
    country: 'DE',
    vat_number: 'de 136 695 976',
    promo_code: ' noel ',
  };

  it('reads the items as the order does, and normalises the VAT number and the promo code', () => {
    expect(QuoteRequestSchema.parse(request)).toEqual({
      items: [
        {
          template_id: 1,
          quantity: 2,
          customizations: {
            primary_domain: 'exemple.fr',
            additional_domains_list: [],
            extra_domains: 1,
            extra_installations: 0,
          },
        },
      ],
      country: 'DE',
      vat_number: 'DE136695976',
      promo_code: 'NOEL',
    });
  });

  it('prices items without a primary domain (the cart has none yet), and checks one given', () => {
    const bare = { template_id: 1, quantity: 1, customizations: { extra_domains: 0 } };
    expect(QuoteRequestSchema.parse({ items: [bare], country: 'FR' }).items).toEqual([
      {
        template_id: 1,
        quantity: 1,
        customizations: {
          primary_domain: '',
          additional_domains_list: [],
          extra_domains: 0,
          extra_installations: 0,
        },
      },
    ]);
    const bad = QuoteRequestSchema.safeParse({
      items: [{ ...bare, customizations: { primary_domain: 'pas un domaine' } }],
      country: 'FR',
    });
    expect(bad.success).toBe(false);
  });

  it('takes a missing, null or blank VAT number and promo code as none', () => {
    for (const none of [undefined, null, '', '   ']) {
      expect(
        QuoteRequestSchema.parse({
          items: [item],
          country: 'US',
          vat_number: none,
          promo_code: none,
        }),
      ).toMatchObject({ vat_number: '', promo_code: '' });
    }
  });

  const errors = (input: unknown) => {
    const result = QuoteRequestSchema.safeParse(input);
    if (result.success) return {};
    const out: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      (out[issue.path.join('.')] ??= []).push(issue.message);
    }
    return out;
  };

  it('refuses a VAT number with the reason beside the field', () => {
    expect(errors({ ...request, vat_number: 'DE136695978' })).toEqual({
      vat_number: ['vat_number.invalid_checksum'],
    });
    expect(errors({ ...request, country: 'BE' })).toEqual({
      vat_number: ['vat_number.country_mismatch'],
    });
    expect(errors({ ...request, vat_number: 'GB980780684' })).toEqual({
      vat_number: ['vat_number.not_eu'],
    });
    expect(errors({ ...request, vat_number: 'x'.repeat(41) })).toEqual({
      vat_number: ['vat_number.invalid_format'],
    });
  });

  it('shows the VAT number error together with the others', () => {
    expect(errors({ items: [], country: 'DE', vat_number: 'DE1' })).toEqual({
      items: ['checkout.items_required'],
      vat_number: ['vat_number.invalid_format'],
    });
    // Without a readable country, the number cannot be judged.
    expect(errors({ items: [item], country: 'XX', vat_number: 'DE1' })).toEqual({
      country: ['country.invalid'],
    });
  });

  it('accepts every country of the world', () => {
    expect(QuoteRequestSchema.parse({ ...request, country: 'JP', vat_number: '' }).country).toBe(
      'JP',
    );
  });

  it('refuses too many items and an impossible promo code', () => {
    expect(errors({ ...request, items: Array.from({ length: 21 }, () => item) })).toEqual({
      items: ['checkout.too_many_items'],
    });
    expect(errors({ ...request, promo_code: 'X'.repeat(33) })).toEqual({
      promo_code: ['promo.unknown'],
    });
  });
});

describe('quote answer', () => {
  it('writes amounts as the order answer does, and the mention in the reader language', () => {
    const result = computeQuote({ lines, promo: { code: promo(), context }, tax: reverse });
    if (!result.ok) throw new Error('quote refused');
    const answer = quoteToWire(result.quote, 'fr');
    expect(answer).toEqual({
      lines: [
        {
          template_id: 1,
          billing_cycle: 'annually',
          quantity: 2,
          unit_price: '59.50',
          subtotal: '119.00',
          discount: '11.90',
          total: '107.10',
        },
        {
          template_id: 2,
          billing_cycle: 'monthly',
          quantity: 1,
          unit_price: '19.99',
          subtotal: '19.99',
          discount: '2.00',
          total: '17.99',
        },
      ],
      subtotal: '138.99',
      discount: '13.90',
      taxable: '125.09',
      tax: '0.00',
      tax_rate: '0.00',
      reverse_charge: true,
      total: '125.09',
      mention: 'Autoliquidation — article 196 de la directive 2006/112/CE',
      tax_kind: 'reverse_charge',
    });
    expect(QuoteResponseSchema.parse({ success: true, quote: answer }).quote).toEqual(answer);
    expect(quoteToWire(result.quote, 'en').mention).toBe(
      'Reverse charge — Article 196 of Council Directive 2006/112/EC',
    );
  });

  it('writes the rate with two decimals and leaves out the mention when VAT is charged', () => {
    const result = computeQuote({ lines, tax: french });
    if (!result.ok) throw new Error('quote refused');
    const answer = quoteToWire(result.quote, 'en');
    expect(answer.tax_rate).toBe('20.00');
    expect(answer).not.toHaveProperty('mention');
    const finnish = computeQuote({ lines, tax: decideTaxTreatment({ country: 'FI' }) });
    if (finnish.ok) expect(quoteToWire(finnish.quote, 'fr').tax_rate).toBe('25.50');
  });

  it('says, given the time, the period a payment covers and what renewing costs', () => {
    const priced = computeQuote({
      lines: [
        quoteLineFrom({
          templateId: 1,
          billingCycle: 'annually',
          template: { priceCents: 49_000, setupFeeCents: 4_900, renewalPriceCents: 39_000 },
          customizations: { extra_domains: 2, extra_installations: 1 },
          quantity: 3,
        }),
        quoteLineFrom({
          templateId: 2,
          billingCycle: 'monthly',
          template: { priceCents: 1_900, setupFeeCents: 0, renewalPriceCents: 1_900 },
          customizations: { extra_domains: 0, extra_installations: 0 },
          quantity: 1,
        }),
        quoteLineFrom({
          templateId: 3,
          billingCycle: 'one_time',
          template: { priceCents: 99_000, setupFeeCents: 0, renewalPriceCents: 0 },
          customizations: { extra_domains: 0, extra_installations: 0 },
          quantity: 1,
        }),
      ],
      tax: french,
    });
    if (!priced.ok) throw new Error('quote refused');
    // 31 January: a month later is the last day of February.
    const answer = quoteToWire(priced.quote, 'fr', { now: new Date('2027-01-31T22:30:00Z') });
    expect(
      answer.lines.map(({ period_start, renews_on, renewal_price }) => ({
        period_start,
        renews_on,
        renewal_price,
      })),
    ).toEqual([
      // Renewal: (390 + 2 × 10 + 5) × 3, the extras renewed, no setup fee.
      { period_start: '2027-01-31', renews_on: '2028-01-31', renewal_price: '1245.00' },
      { period_start: '2027-01-31', renews_on: '2027-02-28', renewal_price: '19.00' },
      // Bought once: no end, no renewal.
      { period_start: '2027-01-31', renews_on: undefined, renewal_price: undefined },
    ]);
    expect(answer.lines[0]?.subtotal).toBe('1692.00');
    // Half an hour later it is 1 February in Paris: the days are the shop's, not UTC's.
    const parisNight = quoteToWire(priced.quote, 'fr', { now: new Date('2027-01-31T23:30:00Z') });
    expect(parisNight.lines[1]).toMatchObject({
      period_start: '2027-02-01',
      renews_on: '2027-03-01',
    });
    expect(QuoteResponseSchema.parse({ success: true, quote: answer }).quote).toEqual(answer);
    // Without the time, as an order answer, the lines carry none of it.
    expect(quoteToWire(priced.quote, 'fr').lines[0]).not.toHaveProperty('renews_on');
  });
});
