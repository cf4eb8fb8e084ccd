import { promoCodeToWire, type PromoCode, type PromoCodeAdmin } from '@cadran/domain/promo-codes';
import type { Database } from '../../db/client';
import { PromoRepository } from '../orders/promo-repository';

/**
 * Promo codes for the staff API and the CLI alike (docs/product.md 'Checkout' ('Promo codes')).
 * The CLI has no app, only the database: both go through the orders module's repository.
 */
export const promoCodesIn = (db: Database): PromoRepository => new PromoRepository(db);

/** Creates a code; undefined when it exists already (codes are unique once upper-cased). */
export async function createPromoCode(
  promos: PromoRepository,
  code: PromoCode,
): Promise<PromoCodeAdmin | undefined> {
  const stored = await promos.create(code);
  return (
    stored && promoCodeToWire(stored.code, { id: stored.id, uses: 0, createdAt: stored.createdAt })
  );
}

/** Every code, oldest first, with the uses that count. */
export async function listPromoCodes(promos: PromoRepository): Promise<PromoCodeAdmin[]> {
  return (await promos.list()).map(({ promo, uses }) =>
    promoCodeToWire(promo.code, { id: promo.id, uses, createdAt: promo.createdAt }),
  );
}
