import { changePromoCode, type PromoCodePatch } from '@cadran/domain/promo-code-changes';
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

export type PromoCodeUpdate =
  | { kind: 'not_found' }
  | { kind: 'refused'; field: 'ends_at'; error: 'promo.window.invalid' }
  | { kind: 'updated'; code: PromoCodeAdmin };

/**
 * A staff member switches a code off or on, moves its end or changes its limit of uses. The row
 * is locked while the change is checked against the code as it is (an end before its start is
 * refused), then written with its audit entry, before and after, in one transaction.
 */
export async function updatePromoCode(
  db: Database,
  id: number,
  patch: PromoCodePatch,
  actor: StaffActor,
): Promise<PromoCodeUpdate> {
  return db.transaction(async (tx) => {
    const promos = promoCodesIn(db);
    const stored = await promos.lockById(tx, id);
    if (!stored) return { kind: 'not_found' };
    const changed = changePromoCode(stored.code, patch);
    if (!changed.ok) return { kind: 'refused', field: changed.field, error: changed.error };
    await promos.saveChanges(tx, id, changed.code);
    const meta = { id, uses: await promos.usesOf(id, tx), createdAt: stored.createdAt };
    const before = promoCodeToWire(stored.code, meta);
    const after = promoCodeToWire(changed.code, meta);
    await recordStaffAction(tx, actor, {
      action: 'promo_code.update',
      target: { type: 'promo_code', id },
      before,
      after,
    });
    return { kind: 'updated', code: after };
  });
}
