import { z } from 'zod';
import { successEnvelope } from './api';
import { CURRENCY } from './constants';
import { OrderStatusSchema, PaymentMethodSchema, PaymentStatusSchema } from './order-status';
import { DecimalStringSchema } from './wire-schemas';

/**
 * Payment payloads: the sandbox page, the bank-transfer instructions carried by an
 * order, the payment-status answer and the back-office order list. Providers and their
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
});
export type SandboxPayment = z.infer<typeof SandboxPaymentSchema>;

export const SandboxPaymentResponseSchema = successEnvelope({ payment: SandboxPaymentSchema });
export type SandboxPaymentResponse = z.infer<typeof SandboxPaymentResponseSchema>;

export const SANDBOX_DECISIONS = ['pay', 'decline'] as const;
export const SandboxDecisionSchema = z.object({
  decision: z.enum(SANDBOX_DECISIONS, { error: 'validation.invalid' }),
});
export type SandboxDecision = z.infer<typeof SandboxDecisionSchema>;

/** Where the browser goes next: the success page, or the failure page with the error detail. */
export const SandboxDecisionResponseSchema = successEnvelope({
  payment: SandboxPaymentSchema,
  redirect_url: z.string().startsWith('/'),
});
export type SandboxDecisionResponse = z.infer<typeof SandboxDecisionResponseSchema>;

/** Back office: one order of the list (GET /api/v1/admin/orders, docs/product.md 'Back office'). */
export const AdminOrderSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  payment_method: PaymentMethodSchema,
  currency: z.literal(CURRENCY),
  total: DecimalStringSchema,
  created_at: z.iso.datetime({ offset: true }),
  customer: z.object({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company: z.string(),
  }),
  flagged_reason: z.string().nullable(),
  license_count: z.number().int().min(0),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const ADMIN_ORDERS_PAGE_MAX = 100;

export const AdminOrdersQuerySchema = z.object({
  status: OrderStatusSchema.optional(),
  payment_status: PaymentStatusSchema.optional(),
  payment_method: PaymentMethodSchema.optional(),
  /** Order number, e-mail, name or company, any part of it, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  flagged: z.stringbool().optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_ORDERS_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrdersResponseSchema = successEnvelope({
  data: z.array(AdminOrderSchema),
  total: z.number().int().min(0),
});

/** Marks a bank-transfer order paid; `amount` is what arrived, the order total when omitted. */
export const MarkPaidSchema = z.object({
  amount: DecimalStringSchema.optional(),
  note: z.string().trim().max(500).optional(),
});
export type MarkPaid = z.infer<typeof MarkPaidSchema>;

export const MarkPaidResponseSchema = successEnvelope({
  order: AdminOrderSchema,
  outcome: z.enum(['fulfilled', 'flagged']),
  message: z.string(),
});
