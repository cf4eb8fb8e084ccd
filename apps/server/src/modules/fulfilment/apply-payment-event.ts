import { orderEventReason } from '@cadran/domain/order-events';
import type { SellerIdentity } from '@cadran/domain/invoice';
import { centsToDecimalString } from '@cadran/domain/money';
import { canTransitionPayment } from '@cadran/domain/order-status';
import { eq } from 'drizzle-orm';
import { licenseTemplates } from '../../db/schema/catalog';
import type { Transaction } from '../../db/transaction';
import { queueMail, type MailInput } from '../../mail/queue';
import { mailBrand } from '../../mail/templates';
import { invoiceAttachment } from '../invoices/attachment';
import { fillNumber, issueInvoice, numberPlaceholder } from '../invoices/issue-invoice';
import { insertLicenses } from '../licenses/repository';
import { planLicenses, type NewLicense } from '../licenses/plan';
import { applyPlanChange } from '../licenses/plan-change-term';
import { applyRenewal } from '../licenses/renewal-term';
import { keepMethodForRenewals } from '../licenses/saved-methods';
import { revokedLicenceRenewedBy } from './revoked-renewals';
import {
  confirmationMail,
  renewalConfirmationMail,
  type OrderMailContext,
} from '../order-mail/emails';
import { findRecipient } from '../order-mail/recipient';
import { flagOrder, lockOrder, moveLockedOrder } from '../orders/order-moves';
import type { StoredOrder } from '../orders/repository';
import {
  findPaymentFor,
  isLatestAttempt,
  markPaymentSucceeded,
  recordEvent,
  setPaymentStatus,
  type PaymentRow,
} from '../payments/payment-records';
import type { NormalizedPaymentEvent } from '../payments/provider';

/** What applying one event did; only 'fulfilled' issued licences and queued a confirmation. */
export type FulfilmentOutcome =
  | 'duplicate'
  | 'unmatched'
  | 'ignored'
  | 'fulfilled'
  | 'already_paid'
  | 'flagged'
  | 'failed'
  | 'stale'
  | 'refund_due'
  | 'refunded';

export interface AppliedEvent {
  outcome: FulfilmentOutcome;
  orderId: string | null;
  licensesIssued: number;
  /** The payment the event was about, when one matched. */
  payment?: PaymentRow;
  /** A confirmation was queued: the mail worker is woken after the commit. */
  mailQueued?: boolean;
}

export interface FulfilmentContext {
  publicUrl: string;
  supportEmail: string;
  /** The company printed on the invoice issued with the fulfilment. */
  seller: SellerIdentity;
  /** Now: the invoice is dated, and a licence term starts, when the order is fulfilled. */
  fulfilledAt: Date;
  /** When the money came (a bank transfer's day, as staff recorded it): printed on the invoice. */
  paidAt: Date;
  warn: (facts: object, message: string) => void;
}

type Step = Pick<AppliedEvent, 'outcome' | 'licensesIssued' | 'mailQueued'>;
const step = (outcome: FulfilmentOutcome): Step => ({ outcome, licensesIssued: 0 });

/**
 * The one place a payment's outcome changes an order. In the caller's transaction it records
 * the event (a replay stops there), locks the order, checks the money against it, and on
 * success moves the order pending -> processing -> completed, issues the licences and queues
 * the confirmation. Money for a cancelled order is recorded as 'refund_due' for the caller to
 * give back once this transaction has committed (never a network call inside a transaction).
 */
export async function applyPaymentEvent(
  tx: Transaction,
  event: NormalizedPaymentEvent,
  context: FulfilmentContext,
): Promise<AppliedEvent> {
  const payment = await findPaymentFor(tx, event);
  const orderId = payment?.orderId ?? null;
  const done = (result: Step): AppliedEvent => ({
    ...result,
    orderId,
    ...(payment ? { payment } : {}),
  });
  if (!(await recordEvent(tx, event, orderId))) return done(step('duplicate'));
  if (!payment) return done(step('unmatched'));
  if (event.outcome === 'ignored') return done(step('ignored'));
  const stored = await lockOrder(tx, payment.orderId);
  if (!stored) return done(step('unmatched'));
  return done(
    event.outcome === 'paid'
      ? await paid(tx, event, payment, stored, context)
      : await failed(tx, event, payment, stored),
  );
}

async function paid(
  tx: Transaction,
  event: NormalizedPaymentEvent,
  payment: PaymentRow,
  { order: current, items }: StoredOrder,
  context: FulfilmentContext,
): Promise<Step> {
  let order = current;
  const source = `${event.provider} ${event.eventId}`;
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    if (payment.status === 'succeeded' || payment.status === 'refunded') {
      return step('already_paid');
    }
    // Money on a second attempt of an order another attempt already paid: never kept in
    // silence, a person gives it back (docs/decisions/020-payment-attempts-per-order.md).
    await markPaymentSucceeded(tx, payment.id, event.moneyReference);
    await flagOrder(tx, order, 'second_payment', { attempt: payment.id, source });
    return step('flagged');
  }

  // The money must be the order's, to the cent and in its currency, or nobody gets licences.
  const currency = (event.currency ?? '').toUpperCase();
  if (event.amountCents !== order.totalCents || currency !== order.currency) {
    const received =
      event.amountCents === null
        ? 'no amount'
        : `${centsToDecimalString(event.amountCents)} ${currency || '???'}`;
    await flagOrder(tx, order, 'amount_mismatch', {
      received,
      expected: `${centsToDecimalString(order.totalCents)} ${order.currency}`,
      source,
    });
    return step('flagged');
  }

  const revokedKey =
    order.status === 'cancelled' ? undefined : await revokedLicenceRenewedBy(tx, order.id);
  if (revokedKey) {
    // The renewal of a licence revoked since (its cancellation may have lost a race with this
    // payment): cancelled now, and its money handled like any cancelled order's below.
    order = await moveLockedOrder(
      tx,
      order,
      { status: 'cancelled', paymentStatus: order.paymentStatus },
      orderEventReason('cancelled_licence_revoked', { key: revokedKey }),
    );
  }
  if (order.status === 'cancelled') {
    // Money for an order the customer cancelled: recorded, then given back after the commit.
    if (canTransitionPayment(order.paymentStatus, 'paid')) {
      await moveLockedOrder(
        tx,
        order,
        { status: 'cancelled', paymentStatus: 'paid' },
        orderEventReason('paid_after_cancellation', { source }),
      );
    }
    await markPaymentSucceeded(tx, payment.id, event.moneyReference);
    return step('refund_due');
  }
  if (order.status === 'failed') {
    // A payment that succeeds after an earlier failure (a retried capture) revives the order.
    order = await moveLockedOrder(
      tx,
      order,
      { status: 'pending', paymentStatus: order.paymentStatus },
      orderEventReason('payment_retried', { source }),
    );
  }
  if (order.status !== 'pending') return step('already_paid');

  order = await moveLockedOrder(
    tx,
    order,
    { status: 'processing', paymentStatus: 'paid' },
    orderEventReason('payment_received', { source }),
  );
  await markPaymentSucceeded(tx, payment.id, event.moneyReference);
  // A renewal order moves its licence's expiry and issues nothing; any other issues licences.
  // A plan change moves its licence to the new plan; it too issues nothing.
  const renewed = await applyRenewal(tx, order, context.fulfilledAt);
  const planChanged = renewed ? undefined : await applyPlanChange(tx, order, context.fulfilledAt);
  const renewal = renewed ?? planChanged;
  const licences = renewal ? [] : planLicenses(order, items, context.fulfilledAt);
  await insertLicenses(tx, licences);
  if (order.autoRenew && event.savedMethod) {
    await keepMethodForRenewals(tx, order, event.savedMethod, renewal?.licence.id);
  }
  order = await moveLockedOrder(
    tx,
    order,
    { status: 'completed', paymentStatus: 'paid' },
    planChanged
      ? orderEventReason('plan_changed', {
          to: await templateName(tx, planChanged.licence.templateId),
          key: planChanged.licence.licenseKey,
        })
      : renewal
        ? orderEventReason('licence_renewed', {
            key: renewal.licence.licenseKey,
            until: renewal.period.expiresAt.toISOString(),
          })
        : orderEventReason('licences_issued', { count: licences.length }),
  );
  const recipient = await findRecipient(tx, order.userId);
  // The confirmation is drawn before the invoice takes its number, with a stand-in for it: the
  // number locks the year's counter row until the commit, so every payment at that moment
  // waits for it, and after it come only the invoice's insert and the mail job's.
  const placeholder = numberPlaceholder();
  const confirmation =
    recipient &&
    (await confirmationFor(
      { order, items, recipient, brand: mailBrand(context) },
      renewal,
      licences,
      placeholder,
    ));
  const invoice = await issueInvoice(tx, { order, items }, context.paidAt, {
    seller: context.seller,
    issuedAt: context.fulfilledAt,
    // The billed period is the licence's: it starts at fulfilment, whatever the payment date.
    periodStart: renewal?.period.startsAt ?? context.fulfilledAt,
  });
  const queued =
    confirmation !== undefined &&
    (await queueMail(tx, {
      ...fillNumber(confirmation, placeholder, invoice.number),
      attachments: [invoiceAttachment(invoice)],
    }));
  if (!queued) context.warn({ orderId: order.id }, 'confirmation e-mail not sendable');
  return { outcome: 'fulfilled', licensesIssued: licences.length, mailQueued: queued };
}

async function failed(
  tx: Transaction,
  event: NormalizedPaymentEvent,
  payment: PaymentRow,
  { order }: StoredOrder,
): Promise<Step> {
  // A late failure (an expired session after another one paid) must not undo a payment, and
  // a closed attempt (its order cancelled) stays closed.
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return step('stale');
  if (payment.status === 'cancelled' || payment.status === 'refunded') return step('stale');
  // An earlier attempt failing late (its session expiring after a retry opened a new one)
  // closes that attempt only: the order follows its latest attempt.
  if (!(await isLatestAttempt(tx, payment))) {
    if (payment.status !== 'failed') {
      await setPaymentStatus(tx, payment.id, 'failed', event.failureReason);
    }
    return step('stale');
  }
  await setPaymentStatus(tx, payment.id, 'failed', event.failureReason);
  const reason = orderEventReason('payment_failed', {
    cause: event.failureReason ?? event.type,
    source: `${event.provider} ${event.eventId}`,
  });
  if (order.status === 'pending') {
    await moveLockedOrder(tx, order, { status: 'failed', paymentStatus: 'failed' }, reason);
  } else if (canTransitionPayment(order.paymentStatus, 'failed')) {
    await moveLockedOrder(tx, order, { status: order.status, paymentStatus: 'failed' }, reason);
  }
  return step('failed');
}

/**
 * The confirmation of a paid order: a renewal names its licence with the new expiry (the line
 * of the renewal names the template); any other order lists the licences it issued.
 */
function confirmationFor(
  ctx: OrderMailContext,
  renewal: Awaited<ReturnType<typeof applyRenewal>>,
  licences: readonly NewLicense[],
  invoiceNumber: string,
): Promise<MailInput> {
  if (!renewal) return confirmationMail(ctx, licences, invoiceNumber);
  return renewalConfirmationMail(
    ctx,
    { ...renewal.licence, orderItemId: ctx.items[0]?.id ?? '' },
    invoiceNumber,
  );
}

/** The plan a licence moved to, by the name the catalogue gives it (the history's wording). */
async function templateName(tx: Transaction, templateId: number): Promise<string> {
  const [row] = await tx
    .select({ name: licenseTemplates.name })
    .from(licenseTemplates)
    .where(eq(licenseTemplates.id, templateId))
    .limit(1);
  return row?.name ?? String(templateId);
}
