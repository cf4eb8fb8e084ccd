import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@cadran/domain/constants';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { itemDisplayName } from '../orders/template-snapshot';
import {
  ProviderUnavailableError,
  WebhookVerificationError,
  failurePath,
  successPath,
  type CreatedPayment,
  type NormalizedPaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderRefund,
  type RefundRequest,
} from './provider';
import type { PaymentRow } from './payment-records';

/** Stripe's default, said out loud: a signed event older than 5 minutes is refused. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Card payments through a Stripe Checkout Session, with the official SDK. The
 * session carries our lines and the VAT as Stripe shows them to the customer, so its
 * amount_total is our total to the cent, which the fulfilment checks again on the webhook.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeConfig,
    private readonly publicUrl: string,
  ) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Cadran storefront' },
    });
  }

  async createPayment({
    order: stored,
    paymentId,
    customerEmail,
    language,
  }: PaymentRequest): Promise<CreatedPayment> {
    const { order, items } = stored;
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = items.map((item) => {
      const name = itemDisplayName(item, language);
      return {
        quantity: item.quantity,
        price_data: {
          currency: 'eur',
          unit_amount: item.unitPriceCents,
          product_data: { name: `Cadran CMS · ${name}` },
        },
      };
    });
    // The VAT as its own line: its amount is the order's, rounded once on the subtotal.
    if (order.taxCents > 0) {
      lineItems.push({
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: order.taxCents,
          product_data: { name: vatLabel(order.taxRateBasisPoints, language) },
        },
      });
    }
    const metadata = {
      order_id: order.id,
      order_number: order.orderNumber,
      payment_id: paymentId,
    };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          customer_email: customerEmail,
          locale: language,
          client_reference_id: order.id,
          metadata,
          payment_intent_data: { metadata, description: `Cadran ${order.orderNumber}` },
          success_url: `${this.publicUrl}${successPath(order.orderNumber, language)}`,
          cancel_url: `${this.publicUrl}${failurePath('cancelled', order.orderNumber, language)}`,
        },
        // One session per attempt whatever happens: a retried creation gets the same session,
        // a new attempt on the same order a new one.
        { idempotencyKey: `cadran-checkout-${paymentId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { paymentUrl: session.url, reference: session.id };
    } catch (error) {
      throw new ProviderUnavailableError('Stripe Checkout Session creation failed', {
        cause: error,
      });
    }
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<NormalizedPaymentEvent> {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') {
      return Promise.reject(new WebhookVerificationError('Stripe-Signature header missing'));
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      return Promise.reject(
        new WebhookVerificationError('Stripe signature verification failed', { cause: error }),
      );
    }
    return Promise.resolve(normalizeStripeEvent(event));
  }

  /**
   * Expires the Checkout Session, after which Stripe accepts no payment on it. A session that
   * was paid meanwhile cannot be expired: its payment arrives as a webhook and is refunded.
   */
  async close(payment: PaymentRow): Promise<void> {
    if (!payment.providerReference) return;
    try {
      await this.stripe.checkout.sessions.expire(payment.providerReference);
    } catch (error) {
      throw new ProviderUnavailableError('Stripe Checkout Session could not be expired', {
        cause: error,
      });
    }
  }

  /**
   * Refunds the payment intent, in full or the part asked; the key makes a retried refund a
   * no-op at Stripe.
   */
  async refund({
    moneyReference,
    idempotencyKey,
    amountCents,
    whole,
  }: RefundRequest): Promise<ProviderRefund> {
    if (!moneyReference) {
      throw new ProviderUnavailableError('no Stripe payment intent recorded for this payment');
    }
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: moneyReference,
          reason: 'requested_by_customer',
          ...(whole ? {} : { amount: amountCents }),
        },
        { idempotencyKey },
      );
      return { reference: refund.id };
    } catch (error) {
      throw new ProviderUnavailableError('Stripe refund failed', { cause: error });
    }
  }
}

function vatLabel(basisPoints: number, language: Language): string {
  const rate = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    maximumFractionDigits: 2,
  }).format(basisPoints / 100);
  return language === 'en' ? `VAT (${rate}%)` : `TVA (${rate} %)`;
}

/**
 * Checkout events and what they mean: completed with payment_status 'paid' and
 * async_payment_succeeded fulfil; a completed session still 'unpaid' (a bank debit on its
 * way) waits; async_payment_failed and expired fail. Anything else is recorded and ignored.
 */
export function normalizeStripeEvent(event: Stripe.Event): NormalizedPaymentEvent {
  const base = {
    provider: 'stripe' as const,
    eventId: event.id,
    type: event.type,
    payload: event,
  };
  const ignored: NormalizedPaymentEvent = {
    ...base,
    outcome: 'ignored',
    reference: null,
    orderId: null,
    amountCents: null,
    currency: null,
    failureReason: null,
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const facts = {
        ...base,
        reference: session.id,
        moneyReference:
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? null),
        orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
        paymentId: session.metadata?.payment_id ?? null,
        amountCents: session.amount_total,
        currency: session.currency ? session.currency.toUpperCase() : null,
      };
      if (event.type === 'checkout.session.expired') {
        return { ...facts, outcome: 'failed', failureReason: 'payment.expired' };
      }
      if (event.type === 'checkout.session.async_payment_failed') {
        return { ...facts, outcome: 'failed', failureReason: 'payment.refused' };
      }
      const settled = session.payment_status === 'paid';
      return { ...facts, outcome: settled ? 'paid' : 'ignored', failureReason: null };
    }
    default:
      return ignored;
  }
}
