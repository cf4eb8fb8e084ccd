import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES } from './billing-cycles';
import { isMessageKey } from './messages';
import {
  PROMO_ERROR_KEYS,
  PROMO_REFUSALS,
  PromoCodeCreateSchema,
  applyPromo,
  normalizePromoCode,
  promoAppliesTo,
  spreadDiscount,
  type PromoLine,
} from './promo-codes';
import { promoCode } from './test-fixtures';

const promo = promoCode;

const now = new Date('2026-11-24T12:00:00Z');
const fresh = { now, usesTotal: 0, usesByCustomer: 0 };

const lines: PromoLine[] = [
  { templateId: 1, billingCycle: 'annually', amountCents: 5950 },
  { templateId: 2, billingCycle: 'monthly', amountCents: 1999 },
  { templateId: 3, billingCycle: 'annually', amountCents: 10000 },
];

describe('normalizePromoCode', () => {
  it('trims and upper-cases, so codes match whatever the case typed', () => {
    expect(normalizePromoCode('  bienvenue-2026 ')).toBe('BIENVENUE-2026');
    expect(normalizePromoCode('Noël')).toBe('NOËL');
  });
});

describe('applyPromo', () => {
  it('refuses a code the lookup did not find', () => {
    expect(applyPromo(null, lines, fresh)).toEqual({ ok: false, reason: 'unknown' });
    expect(applyPromo(undefined, lines, fresh)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('is valid from its start (inclusive) until its end (exclusive)', () => {
    const code = promo({ startsAt: now, endsAt: new Date(now.getTime() + 1000) });
    const at = (ms: number) =>
      applyPromo(code, lines, { ...fresh, now: new Date(now.getTime() + ms) });
    expect(at(-1)).toEqual({ ok: false, reason: 'not_started' });
    expect(at(0)).toMatchObject({ ok: true });
    expect(at(999)).toMatchObject({ ok: true });
    expect(at(1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('counts uses in total and per customer', () => {
    const code = promo({ maxUses: 10, maxUsesPerCustomer: 1 });
    expect(applyPromo(code, lines, { now, usesTotal: 9, usesByCustomer: 0 })).toMatchObject({
      ok: true,
    });
    expect(applyPromo(code, lines, { now, usesTotal: 10, usesByCustomer: 0 })).toEqual({
      ok: false,
      reason: 'used_up',
    });
    expect(applyPromo(code, lines, { now, usesTotal: 3, usesByCustomer: 1 })).toEqual({
      ok: false,
      reason: 'used_up',
    });
  });

  it('checks the window before the uses, and the uses before the lines', () => {
    const code = promo({ endsAt: now, maxUses: 1, templateIds: [99] });
    expect(applyPromo(code, lines, { now, usesTotal: 1, usesByCustomer: 1 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(
      applyPromo({ ...code, endsAt: null }, lines, { now, usesTotal: 1, usesByCustomer: 0 }),
    ).toEqual({ ok: false, reason: 'used_up' });
    expect(applyPromo({ ...code, endsAt: null, maxUses: null }, lines, fresh)).toEqual({
      ok: false,
      reason: 'not_applicable',
    });
  });

  it('applies only to the templates and cycles it names', () => {
    expect(applyPromo(promo({ templateIds: [2] }), lines, fresh)).toEqual({
      ok: true,
      discountCents: 200, // 10 % of 19.99, 199.9 rounded half-up
      perLine: [0, 200, 0],
    });
    expect(applyPromo(promo({ billingCycles: ['annually'] }), lines, fresh)).toEqual({
      ok: true,
      discountCents: 1595, // 10 % of 159.50
      perLine: [595, 0, 1000],
    });
    expect(
      applyPromo(promo({ templateIds: [1, 2], billingCycles: ['monthly'] }), lines, fresh),
    ).toMatchObject({ perLine: [0, 200, 0] });
    expect(applyPromo(promo({ billingCycles: ['triennially'] }), lines, fresh)).toEqual({
      ok: false,
      reason: 'not_applicable',
    });
    // An empty restriction restricts nothing.
    expect(promoAppliesTo(promo({ templateIds: [], billingCycles: [] }), lines[0]!)).toBe(true);
    // A line without a cycle matches no cycle restriction.
    expect(
      promoAppliesTo(promo({ billingCycles: ['annually'] }), { templateId: 1, amountCents: 1 }),
    ).toBe(false);
  });

  it('is not applicable to lines that cost nothing', () => {
    const free = [{ templateId: 1, billingCycle: 'annually' as const, amountCents: 0 }];
    expect(applyPromo(promo(), free, fresh)).toEqual({ ok: false, reason: 'not_applicable' });
    expect(applyPromo(promo(), [], fresh)).toEqual({ ok: false, reason: 'not_applicable' });
  });

  it('rounds a percentage once, half-up, and spreads it so the lines add up', () => {
    // 10 % of 179.49 = 17.949 -> 17.95. Exact shares 5.95, 1.999, 10.00: the floors 595, 199
    // and 1000 leave one cent, which goes to the line with the largest remainder (the second).
    expect(applyPromo(promo(), lines, fresh)).toEqual({
      ok: true,
      discountCents: 1795,
      perLine: [595, 200, 1000],
    });
    // 12.5 %: 1250 basis points.
    expect(
      applyPromo(promo({ discount: { kind: 'percentage', basisPoints: 1250 } }), lines, fresh),
    ).toMatchObject({ discountCents: 2244 }); // 2243.625
  });

  it('makes 100 % free and never more', () => {
    const all = promo({ discount: { kind: 'percentage', basisPoints: 10_000 } });
    expect(applyPromo(all, lines, fresh)).toEqual({
      ok: true,
      discountCents: 17949,
      perLine: [5950, 1999, 10000],
    });
  });

  it('caps a fixed amount at what it applies to, so nothing goes below zero', () => {
    const fifty = promo({ discount: { kind: 'fixed', amountCents: 5000 }, templateIds: [2] });
    expect(applyPromo(fifty, lines, fresh)).toEqual({
      ok: true,
      discountCents: 1999,
      perLine: [0, 1999, 0],
    });
    const ten = promo({ discount: { kind: 'fixed', amountCents: 1000 } });
    const result = applyPromo(ten, lines, fresh);
    expect(result).toMatchObject({ ok: true, discountCents: 1000 });
    if (result.ok) expect(result.perLine.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  const line = fc.record({
    templateId: fc.integer({ min: 1, max: 5 }),
    billingCycle: fc.option(fc.constantFrom(...BILLING_CYCLES), { nil: undefined }),
    amountCents: fc.oneof(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 2_000_000_000 }),
    ),
  });
  const code = fc.record({
    active: fc.constant(true),
    code: fc.constant('CODE'),
    discount: fc.oneof(
      fc.record({
        kind: fc.constant('percentage' as const),
        basisPoints: fc.integer({ min: 100, max: 10_000 }),
      }),
      fc.record({
        kind: fc.constant('fixed' as const),
        amountCents: fc.integer({ min: 1, max: 10_000_000 }),
      }),
    ),
    startsAt: fc.constant(null),
    endsAt: fc.constant(null),
    maxUses: fc.constant(null),
    maxUsesPerCustomer: fc.constant(null),
    templateIds: fc.option(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }), {
      nil: null,
    }),
    billingCycles: fc.option(fc.array(fc.constantFrom(...BILLING_CYCLES), { maxLength: 3 }), {
      nil: null,
    }),
  });

  it('never discounts more than the lines it applies to, and the lines add up to the cent', () => {
    fc.assert(
      fc.property(code, fc.array(line, { maxLength: 20 }), (promoCode, orderLines) => {
        const result = applyPromo(promoCode, orderLines, fresh);
        const eligible = orderLines.map((l) => (promoAppliesTo(promoCode, l) ? l.amountCents : 0));
        const base = eligible.reduce((a, b) => a + b, 0);
        if (!result.ok) {
          expect(result.reason).toBe('not_applicable');
          expect(base).toBe(0);
          return;
        }
        expect(result.perLine).toHaveLength(orderLines.length);
        expect(result.perLine.reduce((a, b) => a + b, 0)).toBe(result.discountCents);
        expect(result.discountCents).toBeLessThanOrEqual(base);
        result.perLine.forEach((part, i) => {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(eligible[i]!);
        });
        if (promoCode.discount.kind === 'percentage') {
          // Half-up of base * bp / 10 000, in exact integers.
          const exact = BigInt(base) * BigInt(promoCode.discount.basisPoints);
          expect(result.discountCents).toBe(Number((exact * 2n + 10_000n) / 20_000n));
        } else {
          expect(result.discountCents).toBe(Math.min(promoCode.discount.amountCents, base));
        }
      }),
    );
  });
});

describe('spreadDiscount', () => {
  it('gives each line its exact share to within one cent, and the total exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, fraction) => {
          const sum = amounts.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * fraction);
          const parts = spreadDiscount(total, amounts);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            const amount = amounts[i]!;
            expect(part).toBeLessThanOrEqual(amount);
            // floor(exact share) <= part <= floor(exact share) + 1
            const floor = sum === 0 ? 0 : Number((BigInt(total) * BigInt(amount)) / BigInt(sum));
            expect(part - floor).toBeGreaterThanOrEqual(0);
            expect(part - floor).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('breaks ties in favour of the earlier line', () => {
    expect(spreadDiscount(1, [100, 100, 100])).toEqual([1, 0, 0]);
    expect(spreadDiscount(2, [100, 100, 100])).toEqual([1, 1, 0]);
    expect(spreadDiscount(3, [1, 1, 1])).toEqual([1, 1, 1]);
  });

  it('refuses a total it cannot spread', () => {
    expect(() => spreadDiscount(301, [100, 100, 100])).toThrow(RangeError);
    expect(() => spreadDiscount(-1, [100])).toThrow(RangeError);
    expect(() => spreadDiscount(0.5, [100])).toThrow(RangeError);
  });
});

describe('PromoCodeCreateSchema', () => {
  const valid = {
    code: ' noel-2026 ',
    discount: { type: 'percentage', percent: 12.5 },
    starts_at: '2026-12-01T00:00:00+01:00',
    ends_at: '2027-01-01T00:00:00+01:00',
    max_uses: 500,
    max_uses_per_customer: 1,
    template_ids: [3, 1, 3],
    billing_cycles: ['annually'],
  };

  it('gives the rules their PromoCode', () => {
    expect(PromoCodeCreateSchema.parse(valid)).toEqual({
      code: 'NOEL-2026',
      active: true,
      discount: { kind: 'percentage', basisPoints: 1250 },
      startsAt: new Date('2026-11-30T23:00:00Z'),
      endsAt: new Date('2026-12-31T23:00:00Z'),
      maxUses: 500,
      maxUsesPerCustomer: 1,
      templateIds: [3, 1],
      billingCycles: ['annually'],
    });
  });

  it('takes a fixed amount as a decimal string, and leaves limits out when absent', () => {
    expect(
      PromoCodeCreateSchema.parse({
        code: 'MOINS10',
        discount: { type: 'fixed', amount: '10.00' },
      }),
    ).toEqual(promo({ code: 'MOINS10', discount: { kind: 'fixed', amountCents: 1000 } }));
    expect(
      PromoCodeCreateSchema.parse({
        code: 'TOUT',
        discount: { type: 'percentage', percent: 100 },
        template_ids: [],
        billing_cycles: null,
        max_uses: null,
      }),
    ).toMatchObject({ discount: { basisPoints: 10_000 }, templateIds: null, maxUses: null });
  });

  const firstError = (input: unknown) => {
    const result = PromoCodeCreateSchema.safeParse(input);
    return result.success
      ? undefined
      : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
  };

  it.each([
    [{ code: '' }, 'code', 'promo.code.required'],
    [{ code: '   ' }, 'code', 'promo.code.required'],
    [{ code: undefined }, 'code', 'promo.code.required'],
    [{ code: 'AB' }, 'code', 'promo.code.invalid'],
    [{ code: 'NO EL' }, 'code', 'promo.code.invalid'],
    [{ code: '-NOEL' }, 'code', 'promo.code.invalid'],
    [{ code: 'X'.repeat(33) }, 'code', 'promo.code.invalid'],
    [{ discount: undefined }, 'discount', 'promo.discount.invalid'],
    [{ discount: { type: 'gift' } }, 'discount.type', 'promo.discount.invalid'],
    [
      { discount: { type: 'percentage', percent: 0.5 } },
      'discount.percent',
      'promo.percent.invalid',
    ],
    [
      { discount: { type: 'percentage', percent: 101 } },
      'discount.percent',
      'promo.percent.invalid',
    ],
    [
      { discount: { type: 'percentage', percent: 12.345 } },
      'discount.percent',
      'promo.percent.invalid',
    ],
    [
      { discount: { type: 'percentage', percent: '10' } },
      'discount.percent',
      'promo.percent.invalid',
    ],
    [{ discount: { type: 'fixed', amount: '0.00' } }, 'discount.amount', 'promo.amount.invalid'],
    [{ discount: { type: 'fixed', amount: '10' } }, 'discount.amount', 'promo.amount.invalid'],
    [{ starts_at: '1 décembre' }, 'starts_at', 'promo.date.invalid'],
    [{ ends_at: '2026-11-30T00:00:00Z' }, 'ends_at', 'promo.window.invalid'],
    [{ ends_at: '2026-12-01T00:00:00+01:00' }, 'ends_at', 'promo.window.invalid'],
    [{ max_uses: 0 }, 'max_uses', 'promo.max_uses.invalid'],
    [{ max_uses: 1.5 }, 'max_uses', 'promo.max_uses.invalid'],
    [{ max_uses_per_customer: -1 }, 'max_uses_per_customer', 'promo.max_uses.invalid'],
    [{ template_ids: [0] }, 'template_ids.0', 'promo.template_ids.invalid'],
    [{ template_ids: 'all' }, 'template_ids', 'promo.template_ids.invalid'],
    [
      { template_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'template_ids',
      'promo.template_ids.invalid',
    ],
    [{ billing_cycles: ['weekly'] }, 'billing_cycles.0', 'promo.billing_cycles.invalid'],
    [{ billing_cycles: 'annually' }, 'billing_cycles', 'promo.billing_cycles.invalid'],
  ] as const)('refuses %j on %s with %s', (change, path, message) => {
    expect(firstError({ ...valid, ...change })).toEqual({ path, message });
  });

  it('uses only known message keys', () => {
    for (const reason of PROMO_REFUSALS) expect(isMessageKey(PROMO_ERROR_KEYS[reason])).toBe(true);
  });
});

describe('a promo code switched off', () => {
  it('is refused at checkout whatever its window and limits', () => {
    const lines = [{ templateId: 1, amountCents: 10_000 }];
    expect(applyPromo(promo({ active: false }), lines, fresh)).toEqual({
      ok: false,
      reason: 'inactive',
    });
    expect(PROMO_ERROR_KEYS.inactive).toBe('promo.inactive');
  });
});
