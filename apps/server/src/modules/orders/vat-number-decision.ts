import { isEuCountry } from '@cadran/domain/countries';
import { orderEventReason } from '@cadran/domain/order-events';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import type { Transaction } from '../../db/transaction';
import { lockOrder } from './order-moves';
import type { OrderRow } from './repository';
import { keepVatNumberCheck, type VatNumberVerifier } from './vat-verification';

/**
 * A VAT number only format-checked at the sale (VIES could not answer) is settled later
 * (docs/decisions/014-vies-and-promo-redemptions.md): confirmed or rejected by VIES when it
 * answers again, or by staff by hand with a note. The order keeps the outcome (and VIES's
 * consultation number, the proof), its history says who decided, and a confirmed number is
 * remembered on the buyer's account for the next orders.
 */

export interface VatNumberDecision {
  status: 'verified' | 'rejected';
  /** 'VIES <consultation number>' or 'staff'. */
  by: string;
  note: string;
  consultationNumber?: string | null;
  at: Date;
  /** VIES's answer settles only a number still waiting for it: staff may have decided first. */
  onlyIfPending?: boolean;
}

export type VatNumberDecisionResult =
  { kind: 'not_found' } | { kind: 'no_vat_number' } | { kind: 'decided'; order: OrderRow };

async function settle(
  tx: Transaction,
  orderId: string,
  decision: VatNumberDecision,
): Promise<VatNumberDecisionResult & { before?: OrderRow }> {
  const stored = await lockOrder(tx, orderId);
  if (!stored) return { kind: 'not_found' };
  const before = stored.order;
  if (before.vatNumber === null) return { kind: 'no_vat_number' };
  if (decision.onlyIfPending && before.vatNumberStatus !== 'format_checked') {
    return { kind: 'decided', order: before };
  }
  const [order] = await tx
    .update(orders)
    .set({
      vatNumberStatus: decision.status,
      vatCheckedAt: decision.at,
      vatConsultationNumber: decision.consultationNumber ?? before.vatConsultationNumber,
    })
    .where(eq(orders.id, before.id))
    .returning();
  if (!order) throw new Error(`order ${before.id} vanished while locked`);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    paymentStatus: order.paymentStatus,
    reason: orderEventReason(
      decision.status === 'verified' ? 'vat_number_confirmed' : 'vat_number_rejected',
      { by: decision.by, note: decision.note },
    ),
  });
  if (decision.status === 'verified') {
    // The account remembers the confirmed number, unless its owner has since typed another.
    await tx
      .update(users)
      .set({ vatNumber: before.vatNumber })
      .where(
        and(
          eq(users.id, order.userId),
          or(isNull(users.vatNumber), eq(users.vatNumber, before.vatNumber)),
        ),
      );
  }
  return { kind: 'decided', order, before };
}

/** Staff confirm or reject an order's VAT number by hand; audited with the note. */
export async function decideVatNumberByHand(
  db: Database,
  orderId: string,
  input: { status: 'verified' | 'rejected'; note: string },
  actor: StaffActor,
  now: Date,
): Promise<VatNumberDecisionResult> {
  return db.transaction(async (tx) => {
    const result = await settle(tx, orderId, { ...input, by: 'staff', at: now });
    if (result.kind !== 'decided' || !result.before) return result;
    if (input.status === 'verified' && result.order.vatNumber !== null) {
      await keepVatNumberCheck(tx, {
        vatNumber: result.order.vatNumber,
        status: 'verified',
        consultationNumber: null,
        at: now,
      });
    }
    await recordStaffAction(tx, actor, {
      action: 'order.vat_number',
      target: { type: 'order', id: orderId },
      before: {
        order_number: result.before.orderNumber,
        vat_number: result.before.vatNumber,
        vat_number_status: result.before.vatNumberStatus,
      },
      after: {
        order_number: result.order.orderNumber,
        vat_number: result.order.vatNumber,
        vat_number_status: result.order.vatNumberStatus,
        note: input.note,
      },
    });
    return { kind: 'decided', order: result.order };
  });
}

/** Orders asked again at most this many at a time, oldest first. */
const RECHECK_BATCH = 50;

export interface VatRecheckResult {
  confirmed: number;
  rejected: number;
  stillUnanswered: number;
}

/**
 * Asks VIES again about the paid orders whose number is still only format-checked. A number VIES
 * still cannot answer for stays as it is, for the next run.
 */
export async function recheckVatNumbers(
  deps: { db: Database; vat: Pick<VatNumberVerifier, 'verify'> },
  now: Date,
): Promise<VatRecheckResult> {
  const pending = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.vatNumberStatus, 'format_checked'),
        eq(orders.paymentStatus, 'paid'),
        isNotNull(orders.vatNumber),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(RECHECK_BATCH);
  const result: VatRecheckResult = { confirmed: 0, rejected: 0, stillUnanswered: 0 };
  for (const order of pending) {
    const country = (order.billingAddress as { country?: unknown }).country;
    if (order.vatNumber === null || !isEuCountry(country)) continue;
    const check = await deps.vat.verify(order.vatNumber, country);
    if (check.status === 'format_checked') {
      result.stillUnanswered += 1;
      continue;
    }
    const verified = check.status === 'verified';
    await deps.db.transaction((tx) =>
      settle(tx, order.id, {
        status: verified ? 'verified' : 'rejected',
        by: verified ? `VIES ${check.consultationNumber ?? ''}`.trim() : 'VIES',
        note: '',
        consultationNumber: check.consultationNumber,
        at: now,
        onlyIfPending: true,
      }),
    );
    result[verified ? 'confirmed' : 'rejected'] += 1;
  }
  return result;
}
