import { orderEventReason } from '@cadran/domain/order-events';
import type { SellerIdentity } from '@cadran/domain/invoice';
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@cadran/domain/constants';
import {
  paymentFailureCodeOf,
  type SandboxDecision,
  type SandboxPayment,
} from '@cadran/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { retryOnLockTimeout } from '../../db/lock-waits';
import { completeMethodSetup, findSetupByReference } from '../licenses/method-setups';
import { findRecipient } from '../order-mail/recipient';
import { flagOrder, lockOrder, moveLockedOrder } from '../orders/order-moves';
import { recordRefund, setPaymentStatus } from '../payments/payment-records';
import { refundAtProvider, type RefundAtProvider } from '../payments/refund-payment';
import { failurePath, successPath, type NormalizedPaymentEvent } from '../payments/provider';
import type { PaymentWithOrder } from '../payments/repository';
import { sandboxView, type PaymentsService } from '../payments/service';
import {
  applyPaymentEvent,
  type AppliedEvent,
  type FulfilmentOutcome,
} from './apply-payment-event';
import { refundOrder, type RefundOrderInput, type RefundOrderResult } from './refund-order';
import { refundConfirmedVat, refundConfirmedVatOrders, type VatRefundResult } from './refund-vat';
import {
  settleBankTransfer,
  type OrderRef,
  type SettleTransferResult,
  type TransferReceived,
} from './settle-bank-transfer';

export type { FulfilmentOutcome };

export interface FulfilmentResult {
  outcome: FulfilmentOutcome;
  orderId: string | null;
  licensesIssued: number;
}

export interface FulfilmentOptions {
  db: Database;
  payments: PaymentsService;
  publicUrl: string;
  supportEmail: string;
  /** The company printed on the invoice each payment issues. */
  seller: SellerIdentity;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Called after a commit that queued mail, so it leaves now rather than at the next tick. */
  onMailQueued?: () => void;
  now?: () => Date;
}

/**
 * What a payment's outcome does (docs/architecture.md 'The order path, hop by hop'): webhooks, the
 * sandbox page, the PayPal return and the recording of a bank transfer all end in `apply`, the one
 * code path that marks an order paid, issues its licences and queues its confirmation.
 */
/** Told, after the commit, of an order whose payment an event failed. */
export type PaymentFailedListener = (orderId: string) => Promise<void>;

export class FulfilmentService {
  private readonly failedListeners: PaymentFailedListener[] = [];

  constructor(readonly options: FulfilmentOptions) {}

  /**
   * Another module follows failed payments (the dunning of a debit that fails after it was
   * accepted) without the fulfilment knowing it. A listener that throws is logged: the event
   * stays applied.
   */
  onPaymentFailed(listener: PaymentFailedListener): void {
    this.failedListeners.push(listener);
  }

  /** The fulfilment's clock: licences start and invoices are dated by it. */
  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Records a payment event and fulfils, flags, fails or refunds accordingly. */
  async apply(event: NormalizedPaymentEvent): Promise<FulfilmentResult> {
    const { db, log } = this.options;
    const fulfilledAt = this.now();
    // Run again when it gave up waiting for the invoice counter in a burst of payments: it
    // changed nothing, and the buyer gets an answer rather than a 503 (db/lock-waits.ts).
    let applied: AppliedEvent = await retryOnLockTimeout(() =>
      db.transaction((tx) =>
        applyPaymentEvent(tx, event, {
          publicUrl: this.options.publicUrl,
          supportEmail: this.options.supportEmail,
          seller: this.options.seller,
          fulfilledAt,
          paidAt: event.paidAt ?? fulfilledAt,
          warn: (facts, message) => log.warn(facts, message),
        }),
      ),
    );
    if (applied.mailQueued) this.options.onMailQueued?.();
    if (applied.outcome === 'refund_due' && applied.payment) {
      applied = { ...applied, outcome: await this.refundLatePayment(applied.payment.id, event) };
    }
    if (applied.outcome === 'failed' && applied.orderId) {
      await this.tellFailed(applied.orderId);
    }
    const level = ['flagged', 'unmatched'].includes(applied.outcome) ? 'warn' : 'info';
    log[level](
      {
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        orderId: applied.orderId,
        outcome: applied.outcome,
        licensesIssued: applied.licensesIssued,
      },
      'payment event applied',
    );
    return {
      outcome: applied.outcome,
      orderId: applied.orderId,
      licensesIssued: applied.licensesIssued,
    };
  }

  private async tellFailed(orderId: string): Promise<void> {
    for (const listener of this.failedListeners) {
      try {
        await listener(orderId);
      } catch (error) {
        this.options.log.error({ err: error, orderId }, 'failed payment not followed up');
      }
    }
  }

  /**
   * Gives back money received for a cancelled order, through the provider that took it, then
   * records the refund. A provider that cannot refund by itself, or that fails, leaves the
   * order flagged for a person: the money is never kept silently.
   */
  private async refundLatePayment(
    paymentId: string,
    event: NormalizedPaymentEvent,
  ): Promise<FulfilmentOutcome> {
    const { db, payments, log } = this.options;
    const payment = await payments.repository.findById(paymentId);
    if (!payment) return 'flagged';
    let given: RefundAtProvider | undefined;
    try {
      given = await refundAtProvider(payments, payment, event.moneyReference ?? null);
    } catch (error) {
      log.error({ err: error, paymentId }, 'refund of a payment after cancellation failed');
    }
    return db.transaction(async (tx) => {
      const stored = await lockOrder(tx, payment.orderId);
      if (!stored) return 'flagged';
      if (given?.kind !== 'refunded' || stored.order.paymentStatus !== 'paid') {
        await flagOrder(tx, stored.order, 'paid_after_cancellation', { source: event.eventId });
        return 'flagged';
      }
      await moveLockedOrder(
        tx,
        stored.order,
        { status: stored.order.status, paymentStatus: 'refunded' },
        orderEventReason('refunded_late_payment', {
          source: `${payment.provider} ${event.eventId}`,
        }),
      );
      await recordRefund(tx, payment, {
        providerReference: given.refund.reference,
        reason: 'paid after cancellation',
        refundedBy: 'automatic',
      });
      await setPaymentStatus(tx, payment.id, 'refunded', 'payment.refunded_after_cancel');
      return 'refunded';
    });
  }

  /** Staff give back a paid order's money: see refund-order.ts. */
  refund(orderId: string, input: RefundOrderInput): Promise<RefundOrderResult> {
    return refundOrder(this.options, orderId, input);
  }

  /** The VAT of one order whose VAT number is now confirmed goes back: see refund-vat.ts. */
  refundConfirmedVat(orderId: string): Promise<VatRefundResult> {
    return refundConfirmedVat({ ...this.options, now: () => this.now() }, orderId);
  }

  /** Every confirmed order's VAT not yet given back goes back (the hourly job). */
  refundConfirmedVatOrders(): Promise<{ refunded: number; unavailable: number }> {
    return refundConfirmedVatOrders({ ...this.options, now: () => this.now() });
  }

  /** A provider's webhook: verified by the payments module, then applied. */
  async receiveWebhook(
    name: 'stripe' | 'paypal',
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<FulfilmentResult | undefined> {
    const event = await this.options.payments.readWebhook(name, rawBody, headers);
    if (!event) return undefined;
    if (event.methodSetup) await this.completeSetup(event.provider, event.methodSetup);
    return this.apply(event);
  }

  /**
   * A method saved on the provider's page outside a payment: put on the licence its setup was
   * for, once (docs/product.md 'Licences' ('Automatic renewal')). An unknown setup is logged.
   */
  private async completeSetup(
    provider: NormalizedPaymentEvent['provider'],
    { reference, method }: NonNullable<NormalizedPaymentEvent['methodSetup']>,
  ): Promise<void> {
    if (provider === 'bank_transfer') return;
    const completed = await this.options.db.transaction(async (tx) => {
      const setup = await findSetupByReference(tx, provider, reference);
      return setup ? completeMethodSetup(tx, setup, method, this.now()) : undefined;
    });
    if (completed === undefined) {
      this.options.log.warn({ provider, reference }, 'saved method for an unknown setup');
    }
  }

  /**
   * The customer's decision on the sandbox page, applied like a provider's notification. The
   * first decision wins; a repeated one (double click, second tab) only reads the outcome, and
   * a closed payment (its order cancelled) takes no decision at all.
   */
  async decideSandbox(
    paymentId: string,
    userId: string,
    decision: SandboxDecision,
    lang: Language,
  ): Promise<{ payment: SandboxPayment; redirectUrl: string } | undefined> {
    const { payments } = this.options;
    const found = await payments.sandboxPaymentOf(paymentId, userId);
    if (!found) return undefined;
    if (found.payment.status === 'created' || found.payment.status === 'pending') {
      const recipient = await findRecipient(this.options.db, userId);
      const event = payments.sandboxEvent(
        found.payment,
        decision,
        this.options.now?.() ?? new Date(),
        recipient ? { method: found.order.paymentMethod, email: recipient.email } : undefined,
      );
      if (event) await this.apply(event);
    }
    const after = (await payments.repository.findForUser(paymentId, userId)) ?? found;
    return { payment: sandboxView(after), redirectUrl: outcomePath(after, lang) };
  }

  /**
   * The buyer is back from PayPal (its return_url carries our PayPal order as `token`):
   * capture, apply, and say where the browser goes. A cancelled order's payment is never
   * captured. Never throws: a browser navigation always lands on a page of ours.
   */
  async returnFromPaypal(token: string): Promise<string> {
    const { payments, log } = this.options;
    const found = token ? await payments.repository.findByReference('paypal', token) : undefined;
    if (!found || !payments.paypal) return failurePath('not_found', undefined, 'fr');
    const lang = found.order.locale;
    const number = found.order.orderNumber;
    if (found.order.paymentStatus === 'paid') return successPath(number, lang);
    if (found.order.status === 'cancelled' || found.payment.status === 'cancelled') {
      return failurePath('order_cancelled', number, lang);
    }
    try {
      const captured = await payments.paypal.capture(token, found.payment.id);
      if (captured === 'already_captured') return successPath(number, lang);
      if (typeof captured === 'string') {
        const code = captured === 'not_approved' ? 'cancelled' : 'capture_failed';
        return failurePath(code, number, lang);
      }
      const result = await this.apply(captured);
      if (result.outcome === 'refunded' || result.outcome === 'flagged') {
        return failurePath('refunded_after_cancel', number, lang);
      }
      return captured.outcome === 'failed'
        ? failurePath(paymentFailureCodeOf(captured.failureReason), number, lang)
        : successPath(number, lang);
    } catch (error) {
      log.error({ err: error, orderId: found.order.id }, 'PayPal capture failed');
      return failurePath('provider_unavailable', number, lang);
    }
  }

  /** An operator saw a transfer on the bank statement: see settle-bank-transfer.ts. */
  settleBankTransfer(ref: OrderRef, received: TransferReceived): Promise<SettleTransferResult> {
    return settleBankTransfer(
      {
        db: this.options.db,
        repository: this.options.payments.repository,
        apply: (event) => this.apply(event),
        now: () => this.now(),
      },
      ref,
      received,
    );
  }
}

/**
 * After a decision: the success page when paid (or still settling), else the failure page
 * with the order's number, from which the payment can be retried.
 */
function outcomePath({ payment, order }: PaymentWithOrder, lang: Language): string {
  const number = order.orderNumber;
  if (payment.status === 'cancelled') {
    return failurePath('order_cancelled', number, lang);
  }
  if (payment.status === 'refunded' || order.status === 'cancelled') {
    return failurePath('refunded_after_cancel', number, lang);
  }
  if (payment.status === 'failed') {
    return failurePath(paymentFailureCodeOf(payment.failureReason), number, lang);
  }
  return successPath(order.orderNumber, lang);
}
