import type Stripe from 'stripe';
import type { NormalizedPaymentEvent } from './provider';

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
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      // A renewal's debit that settled later (SEPA): its metadata names the attempt. A card's
      // off-session outcome is known when it is charged, so its events are only recorded.
      const intent = event.data.object;
      const key = intent.metadata?.charge_key;
      if (!key || !intent.payment_method_types.includes('sepa_debit')) return ignored;
      const paid = event.type === 'payment_intent.succeeded';
      return {
        ...base,
        outcome: paid ? 'paid' : 'failed',
        reference: key,
        moneyReference: intent.id,
        orderId: intent.metadata.order_id ?? null,
        paymentId: intent.metadata.payment_id ?? null,
        amountCents: paid ? intent.amount_received : intent.amount,
        currency: intent.currency.toUpperCase(),
        failureReason: paid ? null : 'payment.refused',
      };
    }
    default:
      return ignored;
  }
}
