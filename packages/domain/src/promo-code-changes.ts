import { z } from 'zod';
import { promoDateField, promoUseLimit, type PromoCode } from './promo-codes';

/**
 * What staff may change on a promo code once created (docs/product.md 'Checkout' ('Promo
 * codes')): switch it off or on, move or remove its end date, raise, lower or remove its limit
 * of uses. Its discount, start and targets stay as orders were priced with them. Absent fields
 * are left as they are; null removes the end date or the limit.
 */
export const PromoCodePatchSchema = z
  .strictObject(
    {
      active: z.boolean({ error: 'promo.active.invalid' }).optional(),
      ends_at: promoDateField.optional(),
      max_uses: promoUseLimit('promo.max_uses.invalid').optional(),
    },
    { error: 'validation.invalid' },
  )
  .refine(
    (patch) =>
      patch.active !== undefined || patch.ends_at !== undefined || patch.max_uses !== undefined,
    { error: 'promo.change.empty' },
  );
export type PromoCodePatch = z.infer<typeof PromoCodePatchSchema>;

export type PromoChangeResult =
  { ok: true; code: PromoCode } | { ok: false; field: 'ends_at'; error: 'promo.window.invalid' };

/** The code with the change applied, or why it cannot be: an end before its start. */
export function changePromoCode(code: PromoCode, patch: PromoCodePatch): PromoChangeResult {
  const next: PromoCode = {
    ...code,
    ...(patch.active !== undefined ? { active: patch.active } : {}),
    ...(patch.ends_at !== undefined ? { endsAt: patch.ends_at } : {}),
    ...(patch.max_uses !== undefined ? { maxUses: patch.max_uses } : {}),
  };
  if (next.startsAt && next.endsAt && next.endsAt <= next.startsAt) {
    return { ok: false, field: 'ends_at', error: 'promo.window.invalid' };
  }
  return { ok: true, code: next };
}
