import type { Language } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import type { PaymentMethod } from '@cadran/domain/order-status';
import type { SandboxDecision } from '@cadran/domain/payments';
import {
  SANDBOX_DEFAULT_CARD,
  cardBrand,
  cardLabel,
  compactCardNumber,
  ibanLabel,
  sandboxCard,
  sandboxIban,
} from '@cadran/domain/sandbox-methods';
import type {
  CreatedPayment,
  MethodSetupRequest,
  NormalizedPaymentEvent,
  PaymentProvider,
  PaymentRequest,
  ProviderRefund,
  RefundRequest,
  SavedMethodCharge,
  SavedMethodChargeResult,
  StartedMethodSetup,
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
 * Who pays, as a PayPal order's sandbox payment needs it: the sandbox stands in for the buyer's
 * PayPal account, which is known by the account's e-mail.
 */
export interface SandboxPayer {
  method: PaymentMethod;
  email: string;
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

  /**
   * A saved test method charged later does what its test number does: the always-succeeding
   * card pays, the declining one is refused, the 3-D Secure one asks for its owner. Nothing
   * leaves the machine, so the same key always gets the same answer.
   */
  chargeSaved({ method, idempotencyKey }: SavedMethodCharge): Promise<SavedMethodChargeResult> {
    const reference = `sandbox_charge_${idempotencyKey}`;
    switch (method.sandboxBehaviour) {
      case 'succeeds':
        return Promise.resolve({ status: 'succeeded', reference, moneyReference: null });
      case 'requires_action':
        return Promise.resolve({ status: 'requires_action', reference });
      default:
        return Promise.resolve({ status: 'declined', reference, reason: 'payment.declined' });
    }
  }

  /** The client area's page of the test methods, where nothing is paid. */
  startMethodSetup({ setupId, licenseId }: MethodSetupRequest): Promise<StartedMethodSetup> {
    return Promise.resolve({
      url: `/client/licences/${encodeURIComponent(licenseId)}/payment-method/${encodeURIComponent(setupId)}`,
      reference: setupId,
    });
  }

  /**
   * The test method typed on the setup page, as it is saved; undefined when the number is one
   * whose first use fails (the bank would refuse to save it).
   */
  setupMethod(setupId: string, choice: SandboxDecision, now: Date): SandboxSavedMethod | undefined {
    const method = sandboxMethod(`setup_${setupId}`, choice, now);
    return method.firstPayment === 'fails' ? undefined : method.saved;
  }

  /** Test money goes back as it came: offline, at once, with nothing to call. */
  refund(_request: RefundRequest): Promise<ProviderRefund> {
    return Promise.resolve({ reference: null });
  }

  /**
   * One event id per payment: the first decision wins, and a second click (or the other
   * button in a second tab) is a duplicate that changes nothing.
   */
  decide(
    payment: SandboxPaymentFacts,
    choice: SandboxDecision,
    now: Date,
    payer?: SandboxPayer,
  ): NormalizedPaymentEvent {
    const { decision } = choice;
    const method =
      decision !== 'pay'
        ? undefined
        : payer?.method === 'paypal'
          ? paypalVault(payment.id, payer.email)
          : sandboxMethod(payment.id, choice, now);
    const paid = decision === 'pay' && method?.firstPayment !== 'fails';
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
      ...(paid && method ? { savedMethod: method.saved } : {}),
      // What the page sent, without the number: the payload is kept with the order's events.
      payload: { decision, method: method?.saved.label ?? null },
    };
  }
}

/**
 * PayPal's vault, offline: the buyer's PayPal account (their e-mail) kept as a payment token
 * that every later charge pays, as a vaulted account in good standing does.
 */
function paypalVault(
  reference: string,
  email: string,
): { firstPayment: 'succeeds'; saved: SandboxSavedMethod } {
  return {
    firstPayment: 'succeeds',
    saved: {
      provider: 'sandbox',
      type: 'paypal',
      label: email,
      expiresMonth: null,
      providerReference: `sandbox_vault_${reference}`,
      sandboxBehaviour: 'succeeds',
    },
  };
}

/** Test cards are valid for three years from their first use, unless the page says otherwise. */
const DEFAULT_CARD_YEARS = 3;

/**
 * The test method used on the sandbox page, as a provider would keep it for later charges:
 * what it does when charged again, never the number itself.
 */
function sandboxMethod(
  reference: string,
  choice: SandboxDecision,
  now: Date,
): { firstPayment: 'succeeds' | 'fails'; saved: SandboxSavedMethod } {
  if (choice.iban !== undefined) {
    const facts = sandboxIban(choice.iban);
    if (!facts) throw new Error('the schema lets only test IBANs through');
    return {
      firstPayment: facts.firstPayment,
      saved: {
        provider: 'sandbox',
        type: 'sepa_debit',
        label: ibanLabel(choice.iban),
        expiresMonth: null,
        providerReference: `sandbox_pm_${reference}`,
        mandateReference: `sandbox_mandate_${reference}`,
        mandateAcceptedAt: now,
        sandboxBehaviour: facts.later,
      },
    };
  }
  const digits = compactCardNumber(choice.card_number ?? SANDBOX_DEFAULT_CARD);
  const facts = sandboxCard(digits);
  if (!facts) throw new Error('the schema lets only valid card numbers through');
  const expires =
    choice.card_expires ??
    `${now.getUTCFullYear() + DEFAULT_CARD_YEARS}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return {
    firstPayment: facts.firstPayment,
    saved: {
      provider: 'sandbox',
      type: 'card',
      label: cardLabel(cardBrand(digits), digits.slice(-4)),
      expiresMonth: expires,
      providerReference: `sandbox_pm_${reference}`,
      sandboxBehaviour: facts.later,
    },
  };
}

export type SandboxSavedMethod = NonNullable<NormalizedPaymentEvent['savedMethod']>;
