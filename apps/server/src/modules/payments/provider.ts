import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import type { MessageKey } from '@cadran/domain/messages';
import type { PaymentFailureCode } from '@cadran/domain/payments';
import type { PAYMENT_PROVIDERS } from '../../db/schema/payments';
import type { StoredOrder } from '../orders/repository';
import type { NewSavedMethod, SavedMethodRow } from '../licenses/saved-methods';
import type { PaymentRow } from './payment-row';

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
  /**
   * When the money arrived, if the source knows better than "now" (a transfer recorded days
   * after it reached the account): the invoice's payment date.
   */
  paidAt?: Date;
  /**
   * The method the buyer paid with, when the provider kept it for later charges (the order
   * asked for automatic renewal): saved by the fulfilment with the payment.
   */
  savedMethod?: Omit<NewSavedMethod, 'userId'>;
  /**
   * A method saved outside any payment (Checkout in setup mode): the provider's id of the
   * setup, which names our method_setups row, and the method as it is kept.
   */
  methodSetup?: { reference: string; method: Omit<NewSavedMethod, 'userId'> };
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

/** What a provider needs to give the money of one attempt back. */
export interface RefundRequest {
  payment: PaymentRow;
  /** The provider's id of the money (Stripe payment intent, PayPal capture); null if unknown. */
  moneyReference: string | null;
  /** What goes back, in cents: the whole payment, its VAT alone, or what remains after that. */
  amountCents: number;
  /** True when `amountCents` is all the payment: the provider is then asked for a full refund. */
  whole: boolean;
  idempotencyKey: string;
}

/** The provider's id of the refund; null where nothing leaves the site (the sandbox). */
export interface ProviderRefund {
  reference: string | null;
}

/**
 * Gives money back through a provider's API. Without the provider's id of the money nothing is
 * asked; any refusal or outage becomes ProviderUnavailableError, so the money stays where it is
 * and the refund may be asked again (the idempotency key keeps that from refunding twice).
 */
export async function refundAtProvider(
  provider: string,
  moneyReference: string | null,
  send: (moneyReference: string) => Promise<string | null>,
): Promise<ProviderRefund> {
  if (!moneyReference) {
    throw new ProviderUnavailableError(`no ${provider} payment recorded to refund`);
  }
  try {
    return { reference: await send(moneyReference) };
  } catch (error) {
    throw error instanceof ProviderUnavailableError
      ? error
      : new ProviderUnavailableError(`${provider} refund refused`, { cause: error });
  }
}

/**
 * A merchant-initiated charge of a saved method (an automatic renewal), without its owner.
 * `idempotencyKey` names the licence, the term and the attempt: asked twice (a retry after a
 * crash, a second process), the provider answers the first charge instead of charging again.
 */
export interface SavedMethodCharge {
  method: SavedMethodRow;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  orderId: string;
  paymentId: string;
  description: string;
}

/** What a saved method's charge came to, in our terms. */
export type SavedMethodChargeResult =
  | { status: 'succeeded'; reference: string; moneyReference: string | null }
  /** A debit that settles later (SEPA): its webhook says how it ended. */
  | { status: 'processing'; reference: string }
  | { status: 'declined'; reference: string | null; reason: MessageKey }
  /** The bank wants its customer to authenticate (SCA): only the buyer can complete it. */
  | { status: 'requires_action'; reference: string | null };

/** The owner asks for a page where they save a new method for a licence's renewals. */
export interface MethodSetupRequest {
  /** Our method_setups row: providers carry it back in their notification. */
  setupId: string;
  licenseId: string;
  customerEmail: string;
  language: Language;
  /** The provider's customer already holding this buyer's saved methods, if any. */
  customer: string | null;
}

/** Where the owner saves the method, and the provider's id of that setup. */
export interface StartedMethodSetup {
  url: string;
  reference: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * True when createPayment asks no one over the network (the sandbox, bank transfer): a new
   * order's attempt is then written already open, in one step, instead of written, opened
   * and written again (docs/decisions/020-payment-attempts-per-order.md).
   */
  readonly opensLocally?: boolean;
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
   * Gives back the money of one paid attempt, in full (a staff refund, or money that arrived
   * for a cancelled order) or in part (the VAT of a VAT number confirmed later, or the rest of a
   * payment whose VAT went back), with `idempotencyKey`, so a retried call answers the first refund instead
   * of refunding twice. Throws ProviderUnavailableError when the provider refuses or cannot be
   * reached; a provider whose money does not move through us (bank transfer) leaves it out, and a
   * person gives it back.
   */
  refund?(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Charges a method saved with this provider, off-session (see SavedMethodCharge). Throws
   * ProviderUnavailableError when the provider cannot be reached: nothing is decided then, and
   * the same key is asked again later. Providers that keep no methods leave it out.
   */
  chargeSaved?(charge: SavedMethodCharge): Promise<SavedMethodChargeResult>;
  /**
   * Opens a page where the owner saves a new method for later charges, nothing being paid
   * (Stripe Checkout in setup mode, PayPal's vault setup, the sandbox's page). Throws
   * ProviderUnavailableError when the provider cannot be reached. Providers that keep no
   * methods leave it out.
   */
  startMethodSetup?(request: MethodSetupRequest): Promise<StartedMethodSetup>;
}

/** Cents of a provider's decimal amount ("588.00" or 588.0); null for anything else. */
export function decimalToCents(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The success and failure pages the customer comes back to (docs/product.md 'Checkout'). */
export const successPath = (orderNumber: string, language: Language): string =>
  pathInLanguage(`/store/order/success/${encodeURIComponent(orderNumber)}`, language);

/**
 * The failure page, with the order's number when it is known: the page shows it and offers to
 * retry the payment of that same order (docs/decisions/020-payment-attempts-per-order.md).
 * Both pages are at the address of the buyer's language (English under /en). The reason travels
 * as a code the page knows, never as text: the page prints no sentence it did not write.
 */
export const failurePath = (
  code: PaymentFailureCode,
  orderNumber: string | undefined,
  language: Language,
): string =>
  `${pathInLanguage('/store/order/failure', language)}?${orderNumber ? `order=${encodeURIComponent(orderNumber)}&` : ''}error=${code}`;
