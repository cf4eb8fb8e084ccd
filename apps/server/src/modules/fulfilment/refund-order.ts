import { orderEventReason } from '@cadran/domain/order-events';
import { refundRefusal } from '@cadran/domain/order-status';
import { isUuid } from '@cadran/domain/uuid';
import { eq } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import { orders } from '../../db/schema/orders';
import type { Transaction } from '../../db/transaction';
import type { MailBrand } from '../../mail/templates';
import { issueCreditNote } from '../invoices/credit-note';
import type { InvoiceRow } from '../invoices/repository';
import { LicensesRepository, revokeOrderLicences } from '../licenses/repository';
import { withdrawRenewal } from '../licenses/renewal-term';
import { lockOrder, moveLockedOrder } from '../orders/order-moves';
import type { OrderRow } from '../orders/repository';
import {
  findPaidAttempt,
  recordRefund,
  refundsOfPayment,
  type PaymentRow,
  type RefundRow,
} from '../payments/payment-records';
import type { RefundAtProvider } from '../payments/refund-payment';
import { PaymentsRepository } from '../payments/repository';
import { queueRefundMail } from './refund-mail';
import { refundSource, refundThenRecord, type RefundPathDependencies } from './refund-then-record';
import { cancelRenewalsOfRevoked } from './revoked-renewals';

/** What a staff refund uses: the database, the provider that took the money, the seller. */
export interface RefundOrderDependencies extends MailBrand, RefundPathDependencies {
  now?: (() => Date) | undefined;
}

export interface RefundOrderInput {
  reason: string;
  /** What the staff member means to give back, in cents; the whole payment when absent. */
  amountCents?: number | undefined;
  actor: StaffActor;
}

export type RefundOrderResult =
  | { kind: 'not_found' }
  | { kind: 'not_paid' }
  | { kind: 'already_refunded' }
  | { kind: 'partial_refused'; paidCents: number }
  | { kind: 'provider_unavailable' }
  | {
      kind: 'refunded';
      order: OrderRow;
      refund: RefundRow;
      creditNote: InvoiceRow | null;
      /** Licences whose validate answer changed: the order's, revoked, or the one it renewed. */
      changedKeys: string[];
    };

/** What the audit trail keeps of the order on either side of a refund. */
async function refundSnapshot(tx: Transaction, order: OrderRow) {
  const licences = await new LicensesRepository(tx).listForOrder(order.id);
  return {
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    licences: licences.map((licence) => ({ key: licence.licenseKey, state: licence.state })),
  };
}

/**
 * A staff member refunds a paid order in full (docs/payments.md 'Refunds'), by the one refund
 * path (refund-then-record.ts): the money goes back first, through the provider that took it,
 * with the attempt's key, so a retry or a second click refunds once. Then, in one transaction: the refund recorded, the order's
 * payment status `refunded` through the state machine, the credit note issued, the licences
 * revoked (or, for a renewal, the term it added taken back), the buyer's e-mail queued with the credit note attached, and the audit entry. A
 * provider that refuses or cannot be reached changes nothing here.
 */
export async function refundOrder(
  dependencies: RefundOrderDependencies,
  orderId: string,
  input: RefundOrderInput,
): Promise<RefundOrderResult> {
  const { db } = dependencies;
  if (!isUuid(orderId)) return { kind: 'not_found' };
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return { kind: 'not_found' };
  const refusal = refundRefusal(order);
  if (refusal) return { kind: refusal };
  const payment = await findPaidAttempt(db, order.id);
  if (!payment) return { kind: 'not_paid' };
  // VAT already given back (a VAT number confirmed after the sale) is not given twice.
  const earlier = await refundsOfPayment(db, payment.id);
  const remainingCents =
    payment.amountCents - earlier.reduce((sum, refund) => sum + refund.amountCents, 0);
  if (input.amountCents !== undefined && input.amountCents !== remainingCents) {
    return { kind: 'partial_refused', paidCents: remainingCents };
  }

  return refundThenRecord(
    dependencies,
    payment,
    { kind: 'full', amountCents: remainingCents },
    (tx, given) =>
      recordStaffRefund(dependencies, tx, payment, given, {
        ...input,
        amountCents: remainingCents,
      }),
  );
}

async function recordStaffRefund(
  dependencies: RefundOrderDependencies,
  tx: Transaction,
  payment: PaymentRow,
  given: RefundAtProvider,
  input: RefundOrderInput,
): Promise<RefundOrderResult> {
  const stored = await lockOrder(tx, payment.orderId);
  if (!stored) return { kind: 'not_found' };
  // Another request refunded it meanwhile: the provider saw the same key and refunded once.
  if (stored.order.paymentStatus !== 'paid') return { kind: 'already_refunded' };
  const before = await refundSnapshot(tx, stored.order);
  const reference = given.kind === 'refunded' ? given.refund.reference : null;
  const order = await moveLockedOrder(
    tx,
    stored.order,
    { status: stored.order.status, paymentStatus: 'refunded' },
    orderEventReason('refunded_by_staff', {
      source: refundSource(payment, given),
      note: input.reason,
    }),
  );
  const now = dependencies.now?.() ?? new Date();
  const credit = await issueCreditNote(tx, order.id, {
    seller: dependencies.seller,
    issuedAt: now,
  });
  const creditNote =
    credit.kind === 'issued' || credit.kind === 'already_issued' ? credit.creditNote : null;
  const refund = await recordRefund(tx, payment, {
    amountCents: input.amountCents,
    providerReference: reference,
    reason: input.reason,
    refundedBy: `admin:${input.actor.id}`,
    creditNoteId: creditNote?.id ?? null,
  });
  if (!refund) throw new Error(`payment ${payment.id} already has a refund`);
  const revoked = await revokeOrderLicences(tx, order.id);
  // A revoked licence is not renewed: its renewals still open are cancelled with it.
  await cancelRenewalsOfRevoked(tx, revoked, (inTx, renewalOrderId) =>
    new PaymentsRepository(dependencies.db).closeOpen(inTx, renewalOrderId),
  );
  // A refunded renewal gives back the term it bought; the licence itself stays the buyer's.
  const withdrawn = await withdrawRenewal(tx, order);
  await queueRefundMail(tx, dependencies, order, creditNote, {
    amountCents: refund.amountCents,
    licencesRevoked: revoked.length,
    renewalWithdrawn: withdrawn
      ? { licenseKey: withdrawn.licence.licenseKey, expiresAt: withdrawn.licence.expiresAt }
      : null,
  });
  await recordStaffAction(tx, input.actor, {
    action: 'order.refund',
    target: { type: 'order', id: order.id },
    before,
    after: {
      ...(await refundSnapshot(tx, order)),
      refund: {
        id: refund.id,
        provider: refund.provider,
        amount_cents: refund.amountCents,
        provider_reference: refund.providerReference,
        reason: refund.reason,
      },
      credit_note: creditNote?.number ?? null,
      ...(withdrawn
        ? {
            renewal_withdrawn: {
              license_key: withdrawn.licence.licenseKey,
              expired_at: withdrawn.expiredAt.toISOString(),
              expires_at: withdrawn.licence.expiresAt?.toISOString() ?? null,
            },
          }
        : {}),
    },
  });
  return {
    kind: 'refunded',
    order,
    refund,
    creditNote,
    changedKeys: [...revoked, ...(withdrawn ? [withdrawn.licence] : [])].map(
      (licence) => licence.licenseKey,
    ),
  };
}
