import type { IncomingHttpHeaders } from 'node:http';
import { centsToDecimalString } from '@cadran/domain/money';
import type { PaypalConfig } from '../../config';
import { localize } from '../../http/messages';
import { TemplateSnapshotSchema } from '../orders/pricing';
import { PaypalApiError, PaypalClient } from './paypal-client';
import {
  WebhookVerificationError,
  decimalToCents,
  failurePath,
  type CreatedPayment,
  type NormalizedPaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
} from './provider';

/** Where PayPal sends the buyer back after approval; the capture happens there. */
export const PAYPAL_RETURN_PATH = '/api/v1/website/payments/paypal/return';

/** Headers PayPal signs its webhooks with; every one is needed to verify. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** A capture that did not produce an event: the buyer goes back to the failure page. */
export type CaptureProblem = 'already_captured' | 'not_approved' | 'declined';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * PayPal Orders v2 over REST (issue 7): an order with our lines and VAT, the approval link as
 * payment_url, the capture when the buyer returns, and webhooks verified by PayPal's own
 * verify-webhook-signature call with PAYPAL_WEBHOOK_ID.
 */
export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly client: PaypalClient;

  constructor(
    private readonly settings: PaypalConfig,
    private readonly publicUrl: string,
    fetchImpl?: typeof fetch,
  ) {
    this.client = new PaypalClient(settings, fetchImpl);
  }

  async createPayment({ order: stored, language }: PaymentRequest): Promise<CreatedPayment> {
    const { order, items } = stored;
    const money = (cents: number) => ({ currency_code: 'EUR', value: centsToDecimalString(cents) });
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.id,
          custom_id: order.id,
          invoice_id: order.orderNumber,
          description: `Cadran CMS ${order.orderNumber}`,
          amount: {
            ...money(order.totalCents),
            breakdown: { item_total: money(order.subtotalCents), tax_total: money(order.taxCents) },
          },
          items: items.map((item) => {
            const snapshot = TemplateSnapshotSchema.safeParse(item.templateSnapshot);
            const name = snapshot.success
              ? (language === 'en' && snapshot.data.name_en) || snapshot.data.name
              : `#${item.templateId}`;
            return {
              name: `Cadran CMS · ${name}`.slice(0, 127),
              quantity: String(item.quantity),
              unit_amount: money(item.unitPriceCents),
              category: 'DIGITAL_GOODS',
            };
          }),
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Cadran',
            locale: language === 'en' ? 'en-GB' : 'fr-FR',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: `${this.publicUrl}${PAYPAL_RETURN_PATH}`,
            cancel_url: `${this.publicUrl}${failurePath(localize('payment.cancelled', language))}`,
          },
        },
      },
    };
    // The request id makes a retried creation return the same PayPal order.
    const answer = record(
      await this.client.call('POST', '/v2/checkout/orders', body, `cadran-order-${order.id}`),
    );
    const reference = text(answer.id);
    const links = Array.isArray(answer.links) ? answer.links.map(record) : [];
    const approve = links.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    const href = approve ? text(approve.href) : null;
    if (!reference || !href) throw new Error('PayPal order answer without id or approval link');
    return { paymentUrl: href, reference };
  }

  /**
   * Captures an approved PayPal order when the buyer comes back. A completed capture pays, a
   * declined one fails, a pending one (an eCheck) waits for the webhook.
   */
  async capture(
    paypalOrderId: string,
    paymentId: string,
  ): Promise<NormalizedPaymentEvent | CaptureProblem> {
    let answer: Record<string, unknown>;
    try {
      answer = record(
        await this.client.call(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
          {},
          `cadran-capture-${paymentId}`,
        ),
      );
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 422) {
        if (error.issue === 'ORDER_ALREADY_CAPTURED') return 'already_captured';
        if (error.issue === 'ORDER_NOT_APPROVED') return 'not_approved';
        return 'declined';
      }
      throw error;
    }
    const unit = record(Array.isArray(answer.purchase_units) ? answer.purchase_units[0] : null);
    const captures = record(unit.payments).captures;
    const capture = record(Array.isArray(captures) ? captures[0] : null);
    const status = text(capture.status);
    const amount = record(capture.amount);
    return {
      provider: 'paypal',
      eventId: `capture:${text(capture.id) ?? paypalOrderId}`,
      type: `capture.${(status ?? 'unknown').toLowerCase()}`,
      outcome:
        status === 'COMPLETED'
          ? 'paid'
          : status === 'DECLINED' || status === 'FAILED'
            ? 'failed'
            : 'ignored',
      reference: paypalOrderId,
      orderId: text(capture.custom_id) ?? text(unit.reference_id),
      amountCents: decimalToCents(amount.value),
      currency: text(amount.currency_code),
      failureReason: status === 'COMPLETED' ? null : 'payment.refused',
      payload: answer,
    };
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<NormalizedPaymentEvent> {
    const signature: Record<string, string> = {};
    for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers[header];
      if (typeof value !== 'string' || value === '') {
        throw new WebhookVerificationError(`PayPal header ${header} missing`);
      }
      signature[field] = value;
    }
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch (error) {
      throw new WebhookVerificationError('PayPal webhook body is not JSON', { cause: error });
    }
    if (!isRecord(event))
      throw new WebhookVerificationError('PayPal webhook body is not an object');
    const answer = record(
      await this.client.call('POST', '/v1/notifications/verify-webhook-signature', {
        ...signature,
        webhook_id: this.settings.webhookId,
        webhook_event: event,
      }),
    );
    if (answer.verification_status !== 'SUCCESS') {
      throw new WebhookVerificationError('PayPal did not verify the webhook signature');
    }
    return normalizePaypalEvent(event);
  }
}

/**
 * Capture events and what they mean: COMPLETED pays, DENIED or DECLINED fails; the rest
 * (approvals, refunds) is recorded and ignored here.
 */
export function normalizePaypalEvent(event: Record<string, unknown>): NormalizedPaymentEvent {
  const type = text(event.event_type) ?? 'unknown';
  const resource = record(event.resource);
  const related = record(record(resource.supplementary_data).related_ids);
  const amount = record(resource.amount);
  const outcome =
    type === 'PAYMENT.CAPTURE.COMPLETED'
      ? 'paid'
      : type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED'
        ? 'failed'
        : 'ignored';
  return {
    provider: 'paypal',
    eventId: text(event.id) ?? `${type}:${text(resource.id) ?? 'unknown'}`,
    type,
    outcome,
    reference: text(related.order_id),
    orderId: text(resource.custom_id),
    amountCents: decimalToCents(amount.value),
    currency: text(amount.currency_code),
    failureReason: outcome === 'failed' ? 'payment.refused' : null,
    payload: event,
  };
}
