import { describe, expect, it } from 'vitest';
import { changePromoCode, PromoCodePatchSchema } from './promo-code-changes';
import type { PromoCode } from './promo-codes';

const code: PromoCode = {
  code: 'NOEL-26',
  active: true,
  discount: { kind: 'percentage', basisPoints: 1500 },
  startsAt: new Date('2026-12-01T00:00:00Z'),
  endsAt: new Date('2026-12-26T00:00:00Z'),
  maxUses: 100,
  maxUsesPerCustomer: 1,
  templateIds: [2],
  billingCycles: ['annually'],
};

describe('changing a promo code', () => {
  it('switches it off, moves its end, changes its limit, and leaves the rest as it was', () => {
    const patch = PromoCodePatchSchema.parse({
      active: false,
      ends_at: '2027-01-05T00:00:00+01:00',
      max_uses: 250,
    });
    expect(changePromoCode(code, patch)).toEqual({
      ok: true,
      code: {
        ...code,
        active: false,
        endsAt: new Date('2027-01-04T23:00:00Z'),
        maxUses: 250,
      },
    });
  });

  it('removes the end date or the limit with null, and changes nothing it is not given', () => {
    const result = changePromoCode(code, PromoCodePatchSchema.parse({ ends_at: null }));
    expect(result).toEqual({ ok: true, code: { ...code, endsAt: null } });
    const limit = changePromoCode(code, PromoCodePatchSchema.parse({ max_uses: null }));
    expect(limit).toEqual({ ok: true, code: { ...code, maxUses: null } });
  });

  it('refuses an end before the start', () => {
    const patch = PromoCodePatchSchema.parse({ ends_at: '2026-11-30T00:00:00Z' });
    expect(changePromoCode(code, patch)).toEqual({
      ok: false,
      field: 'ends_at',
      error: 'promo.window.invalid',
    });
  });

  it('refuses an empty change, unknown fields, and values of the wrong kind', () => {
    for (const bad of [
      {},
      { discount: { type: 'percentage', percent: 90 } },
      { active: 'no' },
      { max_uses: 0 },
      { max_uses: 1.5 },
      { ends_at: 'tomorrow' },
    ]) {
      expect(PromoCodePatchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
