import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@cadran/domain/constants';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { itemDisplayName } from '../orders/template-snapshot';
import {
  ProviderUnavailableError,
  refundAtProvider,
  WebhookVerificationError,
  failurePath,
  successPath,
  type CreatedPayment,
  type MethodSetupRequest,
  type NormalizedPaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderRefund,
  type RefundRequest,
  type SavedMethodCharge,
  type SavedMethodChargeResult,
  type StartedMethodSetup,
} from './provider';
import { normalizeStripeEvent } from './stripe-events';
import { chargeOffSession, methodOfPayment, methodOfSetup } from './stripe-saved-methods';
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
      ...(order.autoRenew ? { auto_renew: 'true' } : {}),
    };
    // The buyer asked for automatic renewal: the payment is authenticated now (SCA) and its
    // method kept on a customer of ours for the off-session charges of the next terms.
    const saving = order.autoRenew
      ? { customer_creation: 'always' as const, setup_future_usage: 'off_session' as const }
      : undefined;
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          customer_email: customerEmail,
          locale: language,
          client_reference_id: order.id,
          metadata,
          ...(saving ? { customer_creation: saving.customer_creation } : {}),
          payment_intent_data: {
            metadata,
            description: `Cadran ${order.orderNumber}`,
            ...(saving ? { setup_future_usage: saving.setup_future_usage } : {}),
          },
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
    return this.withSavedMethod(event, normalizeStripeEvent(event));
  }

  /**
   * A completed Checkout that saved a method (a payment asking for automatic renewal, or a
   * session in setup mode) carries it on the event, read from its intent at Stripe: a call
   * that fails answers ProviderUnavailableError, and Stripe delivers the event again.
   */
  private async withSavedMethod(
    event: Stripe.Event,
    normalized: NormalizedPaymentEvent,
  ): Promise<NormalizedPaymentEvent> {
    if (
      event.type !== 'checkout.session.completed' &&
      event.type !== 'checkout.session.async_payment_succeeded'
    ) {
      return normalized;
    }
    const session = event.data.object;
    const customer = typeof session.customer === 'string' ? session.customer : null;
    const acceptedAt = new Date(event.created * 1000);
    if (session.mode === 'setup' && typeof session.setup_intent === 'string') {
      const method = await methodOfSetup(this.stripe, session.setup_intent, customer, acceptedAt);
      return method
        ? { ...normalized, methodSetup: { reference: session.id, method } }
        : normalized;
    }
    if (
      normalized.outcome !== 'paid' ||
      session.metadata?.auto_renew !== 'true' ||
      !normalized.moneyReference
    ) {
      return normalized;
    }
    const savedMethod = await methodOfPayment(
      this.stripe,
      normalized.moneyReference,
      customer,
      acceptedAt,
    );
    return savedMethod ? { ...normalized, savedMethod } : normalized;
  }

  /** A renewal's off-session charge: see stripe-saved-methods.ts. */
  chargeSaved(charge: SavedMethodCharge): Promise<SavedMethodChargeResult> {
    return chargeOffSession(this.stripe, charge);
  }

  /**
   * Stripe Checkout in setup mode, on the buyer's Stripe customer (made the first time): the
   * buyer saves a card or accepts a SEPA mandate on Stripe's page, nothing is paid, and the
   * session's webhook brings the method back. One session per setup whatever the retries.
   */
  async startMethodSetup(request: MethodSetupRequest): Promise<StartedMethodSetup> {
    const back = `${this.publicUrl}/client/licences/${encodeURIComponent(request.licenseId)}`;
    const metadata = { setup_id: request.setupId, license_id: request.licenseId };
    try {
      const customer =
        request.customer ??
        (
          await this.stripe.customers.create(
            { email: request.customerEmail, preferred_locales: [request.language] },
            { idempotencyKey: `cadran-customer-${request.setupId}` },
          )
        ).id;
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'eur',
          customer,
          locale: request.language,
          client_reference_id: request.setupId,
          metadata,
          setup_intent_data: { metadata },
          success_url: `${back}?method=saved`,
          cancel_url: back,
        },
        { idempotencyKey: `cadran-setup-${request.setupId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, reference: session.id };
    } catch (error) {
      throw new ProviderUnavailableError('Stripe setup session creation failed', { cause: error });
    }
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
  refund({
    moneyReference,
    idempotencyKey,
    amountCents,
    whole,
  }: RefundRequest): Promise<ProviderRefund> {
    return refundAtProvider('Stripe', moneyReference, async (paymentIntent) => {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          reason: 'requested_by_customer',
          ...(whole ? {} : { amount: amountCents }),
        },
        { idempotencyKey },
      );
      return refund.id;
    });
  }
}

function vatLabel(basisPoints: number, language: Language): string {
  const rate = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    maximumFractionDigits: 2,
  }).format(basisPoints / 100);
  return language === 'en' ? `VAT (${rate}%)` : `TVA (${rate} %)`;
}
