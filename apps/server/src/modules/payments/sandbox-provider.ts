import type { Language } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import type { SandboxDecision } from '@cadran/domain/payments';
import type {
  CreatedPayment,
  NormalizedPaymentEvent,
  PaymentProvider,
  PaymentRequest,
  ProviderRefund,
  RefundRequest,
} from './provider';

/** The sandbox page of the web app, on the site's own origin, in the order's language. */
export const sandboxPagePath = (paymentId: string, language: Language): string =>
  pathInLanguage(`/store/pay/sandbox/${encodeURIComponent(paymentId)}`, language);

export interface SandboxPaymentFacts {
  id: string;
  orderId: string;
  amountCents: number;
  currency: string;
}

/**
 * The offline provider (docs/product.md 'Payment' ('The payment sandbox')): card and PayPal orders
 * are paid on a hosted test page of our own when no provider keys are configured. The customer's
 * decision on that page becomes the same kind of event a real provider's webhook produces, and goes
 * through the same fulfilment.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly opensLocally = true;

  createPayment({ paymentId, language }: PaymentRequest): Promise<CreatedPayment> {
    // A path, not a URL: the page is ours, and the browser stays on whatever host it used.
    return Promise.resolve({
      paymentUrl: sandboxPagePath(paymentId, language),
      reference: paymentId,
    });
  }

  /** Test money goes back as it came: offline, at once, with nothing to call. */
  refund(_request: RefundRequest): Promise<ProviderRefund> {
    return Promise.resolve({ reference: null });
  }

  /**
   * One event id per payment: the first decision wins, and a second click (or the other
   * button in a second tab) is a duplicate that changes nothing.
   */
  decide(payment: SandboxPaymentFacts, { decision }: SandboxDecision): NormalizedPaymentEvent {
    const paid = decision === 'pay';
    return {
      provider: 'sandbox',
      eventId: `sandbox:${payment.id}`,
      type: paid ? 'sandbox.payment_succeeded' : 'sandbox.payment_declined',
      outcome: paid ? 'paid' : 'failed',
      reference: payment.id,
      orderId: payment.orderId,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      currency: payment.currency,
      failureReason: paid ? null : 'payment.declined',
      payload: { decision },
    };
  }
}
