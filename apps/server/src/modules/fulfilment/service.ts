import { centsToDecimalString } from '@cadran/domain/money';
import { canTransitionPayment } from '@cadran/domain/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { planLicenses } from '../licenses/plan';
import type { StoredOrder } from '../orders/repository';
import type { NormalizedPaymentEvent } from '../payments/provider';
import { confirmationMail } from './emails';
import {
  findPaymentFor,
  flagOrder,
  insertLicenses,
  lockOrder,
  moveOrder,
  queueMail,
  recordEvent,
  setPaymentStatus,
  type PaymentRow,
  type Tx,
} from './repository';

/** What applying one event did; only 'fulfilled' issued licences and queued a confirmation. */
export type FulfilmentOutcome =
  | 'duplicate'
  | 'unmatched'
  | 'ignored'
  | 'fulfilled'
  | 'already_paid'
  | 'flagged'
  | 'failed'
  | 'stale';

export interface FulfilmentResult {
  outcome: FulfilmentOutcome;
  orderId: string | null;
  licensesIssued: number;
}

export interface FulfilmentOptions {
  db: Database;
  publicUrl: string;
  supportEmail: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Called after a commit that queued mail, so it leaves now rather than at the next tick. */
  onMailQueued?: () => void;
  now?: () => Date;
}

type Step = Omit<FulfilmentResult, 'orderId'> & { mail?: boolean };

/**
 * The one fulfilment code path (issue 7): webhooks, the sandbox page, the PayPal return and
 * the bank-transfer recording all end here. In ONE transaction it records the event (a replay
 * stops there), locks the order, checks the money against it, and on success moves the order
 * pending -> processing -> completed, issues the licences and queues the confirmation.
 */
export class FulfilmentService {
  constructor(private readonly options: FulfilmentOptions) {}

  async apply(event: NormalizedPaymentEvent): Promise<FulfilmentResult> {
    const { step, orderId } = await this.options.db.transaction(async (tx) => {
      const payment = await findPaymentFor(tx, event);
      const orderId = payment?.orderId ?? null;
      const done = (outcome: FulfilmentOutcome) => ({
        step: { outcome, licensesIssued: 0 } as Step,
        orderId,
      });
      if (!(await recordEvent(tx, event, orderId))) return done('duplicate');
      if (!payment) return done('unmatched');
      if (event.outcome === 'ignored') return done('ignored');
      const stored = await lockOrder(tx, payment.orderId);
      if (!stored) return done('unmatched');
      const applied =
        event.outcome === 'paid'
          ? await this.paid(tx, event, payment, stored)
          : await this.failed(tx, event, payment, stored);
      return { step: applied, orderId };
    });
    if (step.mail) this.options.onMailQueued?.();
    const level = step.outcome === 'flagged' || step.outcome === 'unmatched' ? 'warn' : 'info';
    this.options.log[level](
      {
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        orderId,
        outcome: step.outcome,
        licensesIssued: step.licensesIssued,
      },
      'payment event applied',
    );
    return { outcome: step.outcome, orderId, licensesIssued: step.licensesIssued };
  }

  private async paid(
    tx: Tx,
    event: NormalizedPaymentEvent,
    payment: PaymentRow,
    { order: current, items }: StoredOrder,
  ): Promise<Step> {
    let order = current;
    const source = `${event.provider} ${event.eventId}`;
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      return { outcome: 'already_paid', licensesIssued: 0 };
    }

    // The money must be the order's, to the cent and in its currency, or nobody gets licences.
    const currency = (event.currency ?? '').toUpperCase();
    if (event.amountCents !== order.totalCents || currency !== order.currency) {
      const received =
        event.amountCents === null
          ? 'no amount'
          : `${centsToDecimalString(event.amountCents)} ${currency || '???'}`;
      await flagOrder(
        tx,
        order,
        `amount mismatch: received ${received}, expected ${centsToDecimalString(order.totalCents)} ${order.currency} (${source})`,
      );
      return { outcome: 'flagged', licensesIssued: 0 };
    }

    if (order.status === 'cancelled') {
      // Money for an order the customer cancelled: record it, and let a person refund or reinstate.
      if (canTransitionPayment(order.paymentStatus, 'paid')) {
        order = await moveOrder(
          tx,
          order,
          { status: 'cancelled', paymentStatus: 'paid' },
          `payment received after cancellation (${source})`,
        );
      }
      await setPaymentStatus(tx, payment.id, 'succeeded');
      await flagOrder(tx, order, `paid after cancellation: refund or reinstate (${source})`);
      return { outcome: 'flagged', licensesIssued: 0 };
    }
    if (order.status === 'failed') {
      // A payment that succeeds after an earlier failure (a retried capture) revives the order.
      order = await moveOrder(
        tx,
        order,
        { status: 'pending', paymentStatus: order.paymentStatus },
        `payment retried (${source})`,
      );
    }
    if (order.status !== 'pending') return { outcome: 'already_paid', licensesIssued: 0 };

    const paidAt = this.options.now?.() ?? new Date();
    order = await moveOrder(
      tx,
      order,
      { status: 'processing', paymentStatus: 'paid' },
      `payment received (${source})`,
    );
    await setPaymentStatus(tx, payment.id, 'succeeded');
    const licences = planLicenses(order, items, paidAt);
    await insertLicenses(tx, licences);
    order = await moveOrder(
      tx,
      order,
      { status: 'completed', paymentStatus: 'paid' },
      `${licences.length} licence(s) issued`,
    );
    const queued = await queueMail(
      tx,
      confirmationMail(
        {
          order,
          items,
          publicUrl: this.options.publicUrl,
          supportEmail: this.options.supportEmail,
        },
        licences,
      ),
    );
    if (!queued)
      this.options.log.warn(
        { orderId: order.id },
        'confirmation e-mail not sendable: invalid address',
      );
    return { outcome: 'fulfilled', licensesIssued: licences.length, mail: queued };
  }

  private async failed(
    tx: Tx,
    event: NormalizedPaymentEvent,
    payment: PaymentRow,
    { order }: StoredOrder,
  ): Promise<Step> {
    // A late failure (an expired session after another one paid) must not undo a payment.
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      return { outcome: 'stale', licensesIssued: 0 };
    }
    await setPaymentStatus(tx, payment.id, 'failed', event.failureReason);
    const reason = `payment failed: ${event.failureReason ?? event.type} (${event.provider} ${event.eventId})`;
    if (order.status === 'pending') {
      await moveOrder(tx, order, { status: 'failed', paymentStatus: 'failed' }, reason);
    } else if (canTransitionPayment(order.paymentStatus, 'failed')) {
      await moveOrder(tx, order, { status: order.status, paymentStatus: 'failed' }, reason);
    }
    return { outcome: 'failed', licensesIssued: 0 };
  }
}
