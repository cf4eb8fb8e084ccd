import { compactBankCode, isValidBic, isValidIban } from '@cadran/domain/iban';
import { z } from 'zod';
import { booleanFlag, optionalText, urlWithProtocols } from './env-fields';

/**
 * The one value that lets the payment sandbox run in production: a staging install may need
 * it, and spelling out the consequence keeps a copied `=true` from switching it on.
 */
export const SANDBOX_IN_PRODUCTION_CONSENT = 'i-accept-unpaid-orders';

/** The payment variables of the environment: sandbox, Stripe, PayPal, bank account. */
export const PaymentEnvSchema = z.object({
  PAYMENT_SANDBOX: booleanFlag.optional(),
  PAYMENT_SANDBOX_IN_PRODUCTION: optionalText.pipe(
    z
      .literal(SANDBOX_IN_PRODUCTION_CONSENT, {
        error: `must be exactly "${SANDBOX_IN_PRODUCTION_CONSENT}" (or unset)`,
      })
      .optional(),
  ),
  API_DOCS: booleanFlag.optional(),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
      .optional(),
  ),
  STRIPE_API_BASE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'http(s)://host[:port]').optional(),
  ),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_API_BASE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'https://api-m.paypal.com').optional(),
  ),
  BANK_IBAN: optionalText.pipe(
    z.string().refine(isValidIban, 'must be a valid IBAN (check digits do not match)').optional(),
  ),
  BANK_BIC: optionalText.pipe(
    z.string().refine(isValidBic, 'must be a valid BIC (8 or 11 characters)').optional(),
  ),
  BANK_HOLDER: optionalText.pipe(z.string().max(140).optional()),
});

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local server that plays Stripe's API. */
  apiBase: string | undefined;
}

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiBase: string;
}

export interface BankAccountConfig {
  holder: string;
  /** Electronic form, no spaces. */
  iban: string;
  bic: string;
}

/**
 * Demo account of development and test installs: the IBAN has valid check digits so
 * the whole transfer flow can be tried, and the holder says it is a demonstration.
 */
export const DEMO_BANK_ACCOUNT: BankAccountConfig = {
  holder: 'Cadran SAS (compte de démonstration)',
  iban: 'FR7630004000031234567890143',
  bic: 'CDRNFRPPXXX',
};

const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

export interface PaymentSettings {
  stripe: StripeConfig | undefined;
  paypal: PaypalConfig | undefined;
  bankAccount: BankAccountConfig | undefined;
}

type PaymentEnv = z.infer<typeof PaymentEnvSchema>;

/**
 * Provider keys go in pairs: a Stripe key without its webhook secret could take
 * money it never hears about, so half a configuration is refused rather than guessed at.
 */
export function paymentSettings(
  e: PaymentEnv,
  isProduction: boolean,
): { ok: true; settings: PaymentSettings } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (whsec_...)');
  }
  if (!e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set');
  }
  const paypalKeys = [e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET, e.PAYPAL_WEBHOOK_ID];
  if (paypalKeys.some(Boolean) && !paypalKeys.every(Boolean)) {
    problems.push(
      'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: set all three or none',
    );
  }
  const bankKeys = [e.BANK_IBAN, e.BANK_BIC, e.BANK_HOLDER];
  if (bankKeys.some(Boolean) && !bankKeys.every(Boolean)) {
    problems.push('BANK_IBAN, BANK_BIC, BANK_HOLDER: set all three or none');
  }
  if (problems.length > 0) return { ok: false, problems };

  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined;
  const paypal =
    e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
      ? {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          webhookId: e.PAYPAL_WEBHOOK_ID,
          // PayPal's own sandbox outside production, so test credentials work out of the box.
          apiBase: (
            e.PAYPAL_API_BASE ?? (isProduction ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)
          ).replace(/\/+$/, ''),
        }
      : undefined;
  const bankAccount =
    e.BANK_IBAN && e.BANK_BIC && e.BANK_HOLDER
      ? {
          holder: e.BANK_HOLDER,
          iban: compactBankCode(e.BANK_IBAN),
          bic: compactBankCode(e.BANK_BIC),
        }
      : isProduction
        ? undefined
        : DEMO_BANK_ACCOUNT;
  return { ok: true, settings: { stripe, paypal, bankAccount } };
}
