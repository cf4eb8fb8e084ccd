import { z } from 'zod';
import { successEnvelope } from './api';
import { CURRENCY } from './constants';
import { PaymentMethodSchema } from './order-status';
import { sandboxCard, sandboxIban } from './sandbox-methods';
import { DecimalStringSchema } from './wire-schemas';

/**
 * Payment payloads: the sandbox page, the bank-transfer instructions carried by an
 * order and the payment-status answer (the back office's are in staff-orders.ts). Providers and their
 * webhooks speak their own formats, read on the server only.
 */

/** Who takes the money: our offline test page, Stripe, PayPal or a bank transfer. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'paypal', 'bank_transfer'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Life of one payment attempt: 'created' while the provider is being asked for a payment page
 * (a crash there leaves a row the next request completes), 'pending' while the customer pays,
 * then 'succeeded' or 'failed'. Cancelling the order closes an open attempt ('cancelled'), and
 * money that still arrives for a cancelled order is given back ('refunded').
 */
export const PAYMENT_ATTEMPT_STATUSES = [
  'created',
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
] as const;
export const PaymentAttemptStatusSchema = z.enum(PAYMENT_ATTEMPT_STATUSES);
export type PaymentAttemptStatus = z.infer<typeof PaymentAttemptStatusSchema>;

/**
 * The order success page of a transfer: where to send the money, and the order
 * number as the transfer reference. The IBAN is grouped by four for reading.
 */
export const BankTransferDetailsSchema = z.object({
  holder: z.string(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
});
export type BankTransferDetails = z.infer<typeof BankTransferDetailsSchema>;

/** The sandbox page's view of a payment: enough to say what is being paid, nothing more. */
export const SandboxPaymentSchema = z.object({
  id: z.uuid(),
  status: PaymentAttemptStatusSchema,
  method: PaymentMethodSchema,
  order_number: z.string(),
  amount: DecimalStringSchema,
  currency: z.literal(CURRENCY),
  /** The order asked for automatic renewal: paying saves the method for later charges. */
  auto_renew: z.boolean(),
});
export type SandboxPayment = z.infer<typeof SandboxPaymentSchema>;

export const SandboxPaymentResponseSchema = successEnvelope({ payment: SandboxPaymentSchema });
export type SandboxPaymentResponse = z.infer<typeof SandboxPaymentResponseSchema>;

export const SANDBOX_DECISIONS = ['pay', 'decline'] as const;
/**
 * The sandbox page's decision. Paying may name the test method used (docs/payments.md
 * 'Saved payment methods'): a card number (the always-succeeding card when absent) or, for a
 * SEPA debit, an IBAN; the method is saved when the order asked for automatic renewal.
 */
export const SandboxDecisionSchema = z
  .object(
    {
      decision: z.enum(SANDBOX_DECISIONS, { error: 'validation.invalid' }),
      card_number: z
        .string({ error: 'payment.card_invalid' })
        .max(40, { error: 'payment.card_invalid' })
        .refine((value) => sandboxCard(value) !== null, { error: 'payment.card_invalid' })
        .optional(),
      iban: z
        .string({ error: 'payment.iban_invalid' })
        .max(50, { error: 'payment.iban_invalid' })
        .refine((value) => sandboxIban(value) !== null, { error: 'payment.iban_invalid' })
        .optional(),
      /** The card's expiry month, "2027-04"; a test card is valid three years when absent. */
      card_expires: z
        .string({ error: 'payment.card_expiry_invalid' })
        .regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: 'payment.card_expiry_invalid' })
        .optional(),
    },
    { error: 'validation.invalid' },
  )
  .refine((value) => value.card_number === undefined || value.iban === undefined, {
    error: 'payment.one_method',
    path: ['iban'],
  });
export type SandboxDecision = z.infer<typeof SandboxDecisionSchema>;

/** Where the browser goes next: the success page, or the failure page with the error detail. */
export const SandboxDecisionResponseSchema = successEnvelope({
  payment: SandboxPaymentSchema,
  redirect_url: z.string().startsWith('/'),
});
export type SandboxDecisionResponse = z.infer<typeof SandboxDecisionResponseSchema>;

/**
 * Why a payment did not go through, as the failure page's `error` parameter names it. The page
 * shows the catalogue's sentence of a code in this list only: the address is anyone's to write,
 * so free text in it (a phone number, a lure) never appears on our pages.
 */
export const PAYMENT_FAILURE_CODES = [
  'declined',
  'refused',
  'cancelled',
  'expired',
  'capture_failed',
  'provider_unavailable',
  'order_cancelled',
  'refunded_after_cancel',
  'not_found',
] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

export const isPaymentFailureCode = (value: unknown): value is PaymentFailureCode =>
  typeof value === 'string' && (PAYMENT_FAILURE_CODES as readonly string[]).includes(value);

/** The catalogue key of a failure code: its sentence in the reader's language. */
export const paymentFailureMessageKey = (code: PaymentFailureCode) => `payment.${code}` as const;

/** The failure code a stored reason (a catalogue key such as 'payment.expired') stands for. */
export function paymentFailureCodeOf(reason: string | null | undefined): PaymentFailureCode {
  const code = reason?.startsWith('payment.') ? reason.slice('payment.'.length) : undefined;
  return isPaymentFailureCode(code) ? code : 'refused';
}
