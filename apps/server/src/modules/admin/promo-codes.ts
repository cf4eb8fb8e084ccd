import { promoCodeToWire, type PromoCode, type PromoCodeAdmin } from '@cadran/domain/promo-codes';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { PromoRepository } from '../orders/promo-repository';

/**
 * Promo codes for the staff API and the CLI alike (docs/product.md 'Checkout' ('Promo codes')).
 * The CLI has no app, only the database: both go through the orders module's repository.
 */
export const promoCodesIn = (db: Database): PromoRepository => new PromoRepository(db);

/**
 * Creates a code; undefined when it exists already (codes are unique once upper-cased). A staff
 * member's creation is written to the audit trail with it; the command line has no account to
 * name and writes none.
 */
export async function createPromoCode(
  db: Database,
  code: PromoCode,
  actor: StaffActor | null,
): Promise<PromoCodeAdmin | undefined> {
  return db.transaction(async (tx) => {
    const stored = await promoCodesIn(db).create(code, tx);
    if (!stored) return undefined;
    const created = promoCodeToWire(stored.code, {
      id: stored.id,
      uses: 0,
      createdAt: stored.createdAt,
    });
    if (actor) {
      await recordStaffAction(tx, actor, {
        action: 'promo_code.create',
        target: { type: 'promo_code', id: stored.id },
        after: created,
      });
    }
    return created;
  });
}

/** Every code, oldest first, with the uses that count. */
export async function listPromoCodes(promos: PromoRepository): Promise<PromoCodeAdmin[]> {
  return (await promos.list()).map(({ promo, uses }) =>
    promoCodeToWire(promo.code, { id: promo.id, uses, createdAt: promo.createdAt }),
  );
}
