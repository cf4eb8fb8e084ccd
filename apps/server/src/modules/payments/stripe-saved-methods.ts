import { cardLabel } from '@cadran/domain/sandbox-methods';
import Stripe from 'stripe';
import type { NewSavedMethod } from '../licenses/saved-methods';
import {
  ProviderUnavailableError,
  type SavedMethodCharge,
  type SavedMethodChargeResult,
} from './provider';

/**
 * Stripe's side of the methods saved for automatic renewals (docs/payments.md 'Saved payment
 * methods'): what we keep of a PaymentMethod (a card or a SEPA Direct Debit with its mandate),
 * and the merchant-initiated charge of one, off-session, with our idempotency key.
 */

export type StripeSavedMethod = Omit<NewSavedMethod, 'userId'>;

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  cartes_bancaires: 'CB',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * What we keep of a Stripe PaymentMethod: its label (brand and last four digits, or the IBAN's
 * country and end), a card's expiry month, and for a debit the mandate the buyer accepted on
 * Stripe's page. Undefined for a kind we do not charge later.
 */
export function stripeSavedMethod(
  method: Stripe.PaymentMethod,
  customer: string | null,
  mandate: string | null,
  acceptedAt: Date,
): StripeSavedMethod | undefined {
  const common = {
    provider: 'stripe' as const,
    providerReference: method.id,
    providerCustomer: customer ?? idOf(method.customer),
  };
  if (method.type === 'card' && method.card) {
    const { brand, last4, exp_month: month, exp_year: year } = method.card;
    return {
      ...common,
      type: 'card',
      label: cardLabel(BRANDS[brand] ?? 'Card', last4),
      expiresMonth: `${year}-${String(month).padStart(2, '0')}`,
    };
  }
  if (method.type === 'sepa_debit' && method.sepa_debit) {
    const { country, last4 } = method.sepa_debit;
    return {
      ...common,
      type: 'sepa_debit',
      label: `SEPA ${country ?? ''} •••• ${last4 ?? ''}`.replace('  ', ' '),
      expiresMonth: null,
      mandateReference: mandate,
      mandateAcceptedAt: mandate ? acceptedAt : null,
    };
  }
  return undefined;
}

/**
 * The method a Checkout payment saved (its session asked `setup_future_usage: 'off_session'`):
 * read from the PaymentIntent, whose last charge names a debit's mandate.
 */
export async function methodOfPayment(
  stripe: Stripe,
  paymentIntentId: string,
  customer: string | null,
  acceptedAt: Date,
): Promise<StripeSavedMethod | undefined> {
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
      expand: ['payment_method', 'latest_charge'],
    });
    const method = intent.payment_method;
    if (!method || typeof method === 'string') return undefined;
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const mandate = charge?.payment_method_details?.sepa_debit?.mandate ?? null;
    return stripeSavedMethod(method, customer ?? idOf(intent.customer), mandate, acceptedAt);
  } catch (error) {
    throw new ProviderUnavailableError('Stripe PaymentIntent could not be read', { cause: error });
  }
}

/** The method a Checkout Session in setup mode saved, read from its SetupIntent. */
export async function methodOfSetup(
  stripe: Stripe,
  setupIntentId: string,
  customer: string | null,
  acceptedAt: Date,
): Promise<StripeSavedMethod | undefined> {
  try {
    const intent = await stripe.setupIntents.retrieve(setupIntentId, {
      expand: ['payment_method'],
    });
    const method = intent.payment_method;
    if (!method || typeof method === 'string') return undefined;
    return stripeSavedMethod(
      method,
      customer ?? idOf(intent.customer),
      idOf(intent.mandate),
      acceptedAt,
    );
  } catch (error) {
    throw new ProviderUnavailableError('Stripe SetupIntent could not be read', { cause: error });
  }
}

/**
 * A renewal's merchant-initiated charge: a PaymentIntent confirmed at once, off-session, on the
 * saved method of its customer, with the term's idempotency key (a resumed run is answered the
 * first charge). A bank that wants its customer (SCA) or declines answers a card error: the
 * dunning takes over. Stripe out of reach decides nothing.
 */
export async function chargeOffSession(
  stripe: Stripe,
  charge: SavedMethodCharge,
): Promise<SavedMethodChargeResult> {
  const { method } = charge;
  if (!method.providerCustomer) {
    return { status: 'declined', reference: null, reason: 'payment.method_not_saved' };
  }
  const metadata = {
    order_id: charge.orderId,
    payment_id: charge.paymentId,
    charge_key: charge.idempotencyKey,
  };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency: charge.currency.toLowerCase(),
        customer: method.providerCustomer,
        payment_method: method.providerReference,
        ...(method.type === 'sepa_debit' && method.mandateReference
          ? { mandate: method.mandateReference }
          : {}),
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata,
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', reference: intent.id, moneyReference: intent.id };
      case 'processing':
        return { status: 'processing', reference: intent.id };
      case 'requires_action':
      case 'requires_confirmation':
        return { status: 'requires_action', reference: intent.id };
      default:
        return { status: 'declined', reference: intent.id, reason: 'payment.refused' };
    }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const reference = error.payment_intent?.id ?? null;
      return error.code === 'authentication_required'
        ? { status: 'requires_action', reference }
        : { status: 'declined', reference, reason: 'payment.refused' };
    }
    throw new ProviderUnavailableError('Stripe off-session charge failed', { cause: error });
  }
}
