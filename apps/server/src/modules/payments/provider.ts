import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@cadran/domain/constants';
import type { MessageKey } from '@cadran/domain/messages';
import type { PAYMENT_PROVIDERS } from '../../db/schema/payments';
import type { StoredOrder } from '../orders/repository';
import type { PaymentRow } from './payment-records';

/**
 * The one payment interface (docs/payments.md). A provider opens a payment
 * for an order and, when it notifies us, turns its notification into a NormalizedPaymentEvent
 * that the single fulfilment code path applies, whatever the provider was.
 */

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface PaymentRequest {
  order: StoredOrder;
  /** Our payments row: providers that cannot keep our ids use it in their return links. */
  paymentId: string;
  customerEmail: string;
  language: Language;
}

export interface CreatedPayment {
  /** Where the browser goes to pay; null when nothing is paid online (bank transfer). */
  paymentUrl: string | null;
  /** The provider's id of this payment (Checkout Session, PayPal order...), unique per provider. */
  reference: string;
}

export type PaymentOutcome = 'paid' | 'failed' | 'ignored';

/** What a provider's notification means for an order, in our terms. */
export interface NormalizedPaymentEvent {
  provider: PaymentProviderName;
  /** The provider's id of the notification: recorded once, so a replay changes nothing. */
  eventId: string;
  /** The provider's own event type, kept for the audit trail. */
  type: string;
  outcome: PaymentOutcome;
  /** The provider reference of the payment, as returned by createPayment. */
  reference: string | null;
  /** Our order id, when the provider carried it back (metadata, custom_id). */
  orderId: string | null;
  /**
   * Our payment attempt's id, when the provider carried it back (metadata): an order may have
   * several attempts (docs/decisions/020-payment-attempts-per-order.md).
   */
  paymentId?: string | null;
  /** What the provider says was paid, in cents; a paid event without it is never fulfilled. */
  amountCents: number | null;
  currency: string | null;
  /** Why the payment failed, as a message the customer can read. */
  failureReason: MessageKey | null;
  /**
   * The provider's id of the money itself (Stripe payment intent, PayPal capture), when the
   * event carries one: what a refund names.
   */
  moneyReference?: string | null;
  payload: unknown;
}

/** The notification could not be proven to come from the provider: answered 400, never applied. */
export class WebhookVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookVerificationError';
  }
}

/** The provider could not be reached or refused the request: the customer may retry later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Verifies a webhook on its raw bytes and reads it. Throws WebhookVerificationError when it
   * is not authentic. Providers without webhooks (sandbox, bank transfer) leave it out.
   */
  parseWebhook?(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<NormalizedPaymentEvent>;
  /**
   * Closes an open payment at the provider so the buyer can no longer pay it (the order was
   * cancelled). Providers with nothing to close (the money only moves when we ask for it, or
   * not through us at all) leave it out.
   */
  close?(payment: PaymentRow): Promise<void>;
  /**
   * Gives back in full the money of `event`, received for an order that was cancelled. Throws
   * ProviderUnavailableError when the provider refuses or cannot be reached; a provider that
   * cannot refund by itself (bank transfer) leaves it out, and a person does it.
   */
  refund?(payment: PaymentRow, event: NormalizedPaymentEvent): Promise<void>;
}

/** Cents of a provider's decimal amount ("588.00" or 588.0); null for anything else. */
export function decimalToCents(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The success and failure pages the customer comes back to (docs/product.md 'Checkout'). */
export const successPath = (orderNumber: string): string =>
  `/store/order/success/${encodeURIComponent(orderNumber)}`;

/**
 * The failure page, with the order's number when it is known: the page shows it and offers to
 * retry the payment of that same order (docs/decisions/020-payment-attempts-per-order.md).
 */
export const failurePath = (detail: string, orderNumber?: string): string =>
  `/store/order/failure?${orderNumber ? `order=${encodeURIComponent(orderNumber)}&` : ''}error=${encodeURIComponent(detail)}`;
