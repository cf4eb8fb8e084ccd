import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PromoCode } from '@cadran/domain/promo-codes';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { promoCodes, promoRedemptions } from '../../db/schema/promo-codes';
import type { Executor } from '../../db/transaction';

/**
 * Promo codes and their uses (docs/decisions/014-vies-and-promo-redemptions.md). A use is a
 * redemption row written in the order's transaction; the redemptions of cancelled orders do not
 * count, so cancelling an unpaid order gives its use back.
 */

export type PromoCodeRow = typeof promoCodes.$inferSelect;

export interface StoredPromoCode {
  id: number;
  code: PromoCode;
  createdAt: Date;
}

export interface PromoUses {
  usesTotal: number;
  usesByCustomer: number;
}

const toPromoCode = (row: PromoCodeRow): StoredPromoCode => ({
  id: row.id,
  createdAt: row.createdAt,
  code: {
    code: row.code,
    active: row.active,
    discount:
      row.percentBasisPoints !== null
        ? { kind: 'percentage', basisPoints: row.percentBasisPoints }
        : { kind: 'fixed', amountCents: row.amountCents ?? 0 },
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    templateIds: row.templateIds,
    billingCycles: row.billingCycles,
  },
});

/** Redemptions that count: those of orders not cancelled. */
const counted = and(eq(promoRedemptions.orderId, orders.id), ne(orders.status, 'cancelled'));

export class PromoRepository {
  constructor(private readonly db: Database) {}

  /**
   * The code as normalised, or undefined. `lock` takes the row's lock (FOR UPDATE) in the
   * caller's transaction: orders using one code then count and record their uses one at a
   * time, so a code limited to N uses is used N times however many orders arrive at once.
   */
  async findByCode(
    code: string,
    options: { executor?: Executor; lock?: boolean } = {},
  ): Promise<StoredPromoCode | undefined> {
    const query = (options.executor ?? this.db)
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, code))
      .limit(1);
    const [row] = await (options.lock ? query.for('update') : query);
    return row ? toPromoCode(row) : undefined;
  }

  /** Uses recorded so far, in all and by one customer (none for a visitor not signed in). */
  async countUses(
    promoCodeId: number,
    userId: string | null,
    executor: Executor = this.db,
  ): Promise<PromoUses> {
    const [row] = await executor
      .select({
        total: count(),
        byCustomer:
          userId === null
            ? sql<number>`0`
            : sql<number>`count(*) filter (where ${promoRedemptions.userId} = ${userId})`,
      })
      .from(promoRedemptions)
      .innerJoin(orders, counted)
      .where(eq(promoRedemptions.promoCodeId, promoCodeId));
    return { usesTotal: Number(row?.total ?? 0), usesByCustomer: Number(row?.byCustomer ?? 0) };
  }

  async recordRedemption(
    executor: Executor,
    redemption: { promoCodeId: number; orderId: string; userId: string; discountCents: number },
  ): Promise<void> {
    await executor.insert(promoRedemptions).values(redemption);
  }

  /** Creates a code; undefined when the code already exists. */
  async create(
    code: PromoCode,
    executor: Executor = this.db,
  ): Promise<StoredPromoCode | undefined> {
    // No exception for a taken code: the caller's transaction stays usable.
    const [row] = await executor
      .insert(promoCodes)
      .values({
        code: code.code,
        percentBasisPoints: code.discount.kind === 'percentage' ? code.discount.basisPoints : null,
        amountCents: code.discount.kind === 'fixed' ? code.discount.amountCents : null,
        startsAt: code.startsAt,
        endsAt: code.endsAt,
        maxUses: code.maxUses,
        maxUsesPerCustomer: code.maxUsesPerCustomer,
        templateIds: code.templateIds ? [...code.templateIds] : null,
        billingCycles: code.billingCycles ? [...code.billingCycles] : null,
        active: code.active,
      })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    return row ? toPromoCode(row) : undefined;
  }

  /** One code by its id, its row locked in the caller's transaction (a change waits its turn). */
  async lockById(executor: Executor, id: number): Promise<StoredPromoCode | undefined> {
    const [row] = await executor
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, id))
      .limit(1)
      .for('update');
    return row ? toPromoCode(row) : undefined;
  }

  /** Writes what staff may change of a code: whether it is on, its end, its limit of uses. */
  async saveChanges(executor: Executor, id: number, code: PromoCode): Promise<void> {
    await executor
      .update(promoCodes)
      .set({ active: code.active, endsAt: code.endsAt, maxUses: code.maxUses })
      .where(eq(promoCodes.id, id));
  }

  /** The uses that count of one code. */
  async usesOf(id: number, executor: Executor = this.db): Promise<number> {
    return (await this.countUses(id, null, executor)).usesTotal;
  }

  /** Every code, oldest first, with its counted uses. */
  async list(): Promise<{ promo: StoredPromoCode; uses: number }[]> {
    const rows = await this.db.select().from(promoCodes).orderBy(asc(promoCodes.id));
    const counts = await this.db
      .select({ promoCodeId: promoRedemptions.promoCodeId, uses: count() })
      .from(promoRedemptions)
      .innerJoin(orders, counted)
      .groupBy(promoRedemptions.promoCodeId);
    const usesOf = new Map(counts.map((row) => [row.promoCodeId, Number(row.uses)]));
    return rows.map((row) => ({ promo: toPromoCode(row), uses: usesOf.get(row.id) ?? 0 }));
  }
}
