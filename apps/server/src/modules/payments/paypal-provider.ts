import type { IncomingHttpHeaders } from 'node:http';
import { CURRENCY } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import {
  CaptureStatus,
  CheckoutPaymentIntent,
  ItemCategory,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Money,
  type OrderRequest,
} from '@paypal/paypal-server-sdk';
import type { PaypalConfig } from '../../config';
import { itemDisplayName } from '../orders/template-snapshot';
import { PaypalApiError, PaypalClient } from './paypal-client';
import { chargeVaulted, VAULT_ON_SUCCESS, vaultedMethod } from './paypal-vault';
import { normalizePaypalEvent, readEvent, readSignature } from './paypal-webhook';
import {
  refundAtProvider,
  WebhookVerificationError,
  decimalToCents,
  failurePath,
  type CreatedPayment,
  type NormalizedPaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderRefund,
  type RefundRequest,
  type SavedMethodCharge,
  type SavedMethodChargeResult,
} from './provider';

export { normalizePaypalEvent } from './paypal-webhook';

/** Where PayPal sends the buyer back after approval; the capture happens there. */
export const PAYPAL_RETURN_PATH = '/api/v1/website/payments/paypal/return';

/** A capture that did not produce an event: the buyer goes back to the failure page. */
export type CaptureProblem = 'already_captured' | 'not_approved' | 'declined';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * PayPal Orders v2 through PayPal's server SDK: an order with our lines and VAT, the approval
 * link as payment_url, the capture when the buyer returns, and webhooks verified by PayPal's own
 * verify-webhook-signature call with PAYPAL_WEBHOOK_ID.
 */
export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly client: PaypalClient;

  constructor(
    private readonly settings: PaypalConfig,
    private readonly publicUrl: string,
  ) {
    this.client = new PaypalClient(settings);
  }

  async createPayment({
    order: stored,
    paymentId,
    language,
  }: PaymentRequest): Promise<CreatedPayment> {
    const { order, items } = stored;
    const money = (cents: number): Money => ({
      currencyCode: CURRENCY,
      value: centsToDecimalString(cents),
    });
    const body: OrderRequest = {
      intent: CheckoutPaymentIntent.Capture,
      purchaseUnits: [
        {
          referenceId: order.id,
          customId: order.id,
          invoiceId: order.orderNumber,
          description: `Cadran CMS ${order.orderNumber}`,
          amount: {
            ...money(order.totalCents),
            breakdown: { itemTotal: money(order.subtotalCents), taxTotal: money(order.taxCents) },
          },
          items: items.map((item) => {
            const name = itemDisplayName(item, language);
            return {
              name: `Cadran CMS · ${name}`.slice(0, 127),
              quantity: String(item.quantity),
              unitAmount: money(item.unitPriceCents),
              category: ItemCategory.DigitalGoods,
            };
          }),
        },
      ],
      paymentSource: {
        paypal: {
          experienceContext: {
            brandName: 'Cadran',
            locale: language === 'en' ? 'en-GB' : 'fr-FR',
            shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
            userAction: PaypalExperienceUserAction.PayNow,
            returnUrl: `${this.publicUrl}${PAYPAL_RETURN_PATH}`,
            cancelUrl: `${this.publicUrl}${failurePath('cancelled', order.orderNumber, language)}`,
          },
          // The buyer asked for automatic renewal: PayPal keeps the account once it is paid.
          ...(order.autoRenew ? { attributes: VAULT_ON_SUCCESS } : {}),
        },
      },
    };
    // The request id makes a retried creation return the same PayPal order; a new attempt on
    // the same order gets a new one.
    const { result } = await this.client.createOrder(body, `cadran-order-${paymentId}`);
    const approve = result.links?.find(
      (link) => link.rel === 'payer-action' || link.rel === 'approve',
    );
    if (!result.id || !approve?.href) {
      throw new Error('PayPal order answer without id or approval link');
    }
    return { paymentUrl: approve.href, reference: result.id };
  }

  /**
   * Captures an approved PayPal order when the buyer comes back. A completed capture pays, a
   * declined one fails, a pending one (an eCheck) waits for the webhook.
   */
  async capture(
    paypalOrderId: string,
    paymentId: string,
  ): Promise<NormalizedPaymentEvent | CaptureProblem> {
    let answer: Awaited<ReturnType<PaypalClient['captureOrder']>>;
    try {
      answer = await this.client.captureOrder(paypalOrderId, `cadran-capture-${paymentId}`);
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 422) {
        if (error.issue === 'ORDER_ALREADY_CAPTURED') return 'already_captured';
        if (error.issue === 'ORDER_NOT_APPROVED') return 'not_approved';
        return 'declined';
      }
      throw error;
    }
    const unit = answer.result.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    const status = capture?.status ?? null;
    const saved = status === CaptureStatus.Completed ? vaultedMethod(answer.result) : undefined;
    return {
      provider: 'paypal',
      eventId: `capture:${capture?.id ?? paypalOrderId}`,
      type: `capture.${(status ?? 'unknown').toLowerCase()}`,
      outcome:
        status === CaptureStatus.Completed
          ? 'paid'
          : status === CaptureStatus.Declined || status === CaptureStatus.Failed
            ? 'failed'
            : 'ignored',
      reference: paypalOrderId,
      orderId: capture?.customId ?? unit?.referenceId ?? null,
      moneyReference: capture?.id ?? null,
      amountCents: decimalToCents(capture?.amount?.value),
      currency: capture?.amount?.currencyCode ?? null,
      failureReason: status === CaptureStatus.Completed ? null : 'payment.refused',
      ...(saved ? { savedMethod: saved } : {}),
      payload: answer.raw,
    };
  }

  /** A renewal charged on the buyer's saved PayPal account: see paypal-vault.ts. */
  chargeSaved(charge: SavedMethodCharge): Promise<SavedMethodChargeResult> {
    return chargeVaulted(this.client, charge);
  }

  /**
   * Refunds a capture, in full or the part asked. The request id makes a retried refund answer the first one
   * instead of refunding twice; any refusal or outage leaves the money where it is.
   */
  refund({
    moneyReference,
    idempotencyKey,
    amountCents,
    whole,
  }: RefundRequest): Promise<ProviderRefund> {
    return refundAtProvider('PayPal', moneyReference, async (capture) => {
      const { result } = await this.client.refundCapture(
        capture,
        idempotencyKey,
        whole ? undefined : { currencyCode: CURRENCY, value: centsToDecimalString(amountCents) },
      );
      return result.id ?? null;
    });
  }

  /**
   * Refuses a delivery whose headers or body could not be PayPal's before asking PayPal;
   * anything else is verified by PayPal with our webhook id.
   */
  async parseWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<NormalizedPaymentEvent> {
    const signature = readSignature(headers);
    const event = readEvent(rawBody);
    const answer = await this.client.verifyWebhookSignature({
      ...signature,
      webhook_id: this.settings.webhookId,
      webhook_event: event,
    });
    if (!isRecord(answer) || answer.verification_status !== 'SUCCESS') {
      throw new WebhookVerificationError('PayPal did not verify the webhook signature');
    }
    return normalizePaypalEvent(event);
  }
}
