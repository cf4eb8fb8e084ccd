import { EINVOICE_STATUSES } from './einvoice-lifecycle';
import { z } from 'zod';
import { successEnvelope } from './api';
import { CURRENCY } from './constants';
import { StoredDeliveryAddressSchema } from './delivery-address';
import { LICENSE_STATUSES } from './licenses';
import { OrderStatusSchema, PaymentMethodSchema, PaymentStatusSchema } from './order-status';
import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_PROVIDERS } from './payments';
import {
  isOrderedPeriod,
  listAnswer,
  pageFields,
  periodBound,
  searchField,
  sortField,
} from './staff-lists';
import { DecimalStringSchema, LanguageSchema } from './wire-schemas';
import { OrderWithdrawalSchema } from './withdrawal';

/**
 * Back-office orders (docs/product.md 'Back office'): the list and its CSV export, one order in
 * full, and what staff do to it (record a transfer, cancel, refund). Money is in integer cents.
 */

const instant = z.iso.datetime({ offset: true });
const cents = z.number().int();

/** One order of the list. `customer` is the billing identity the order was placed with. */
export const AdminOrderSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  payment_method: PaymentMethodSchema,
  currency: z.literal(CURRENCY),
  total: cents,
  created_at: instant,
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

export const ADMIN_ORDER_SORTS = ['created_at', 'total', 'order_number'] as const;

const adminOrdersFilters = {
  status: OrderStatusSchema.optional(),
  payment_status: PaymentStatusSchema.optional(),
  payment_method: PaymentMethodSchema.optional(),
  /** Order number, e-mail, name or company. */
  q: searchField,
  flagged: z.stringbool({ error: 'validation.invalid' }).optional(),
  from: periodBound.optional(),
  to: periodBound.optional(),
  sort: sortField(ADMIN_ORDER_SORTS, '-created_at'),
};

export const AdminOrdersQuerySchema = z
  .object({ ...adminOrdersFilters, ...pageFields })
  .refine(isOrderedPeriod, { path: ['to'], error: 'admin.period.reversed' });
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrdersResponseSchema = listAnswer(AdminOrderSchema);

/**
 * The export takes the list's filters and sort, without paging: every matching order. `lang`
 * names the columns and the statuses in the staff member's language (the back office's chosen
 * language; the browser's when absent).
 */
export const AdminOrdersExportQuerySchema = z
  .object({ ...adminOrdersFilters, lang: LanguageSchema.optional() })
  .refine(isOrderedPeriod, { path: ['to'], error: 'admin.period.reversed' });
export type AdminOrdersExportQuery = z.infer<typeof AdminOrdersExportQuerySchema>;

/** Records a bank transfer; `amount` is what arrived (decimal euros), the total when omitted. */
export const MarkPaidSchema = z.object({
  amount: DecimalStringSchema.optional(),
  /** When the money reached the account (the invoice's payment date); now when omitted. */
  paid_at: periodBound.optional(),
  /** The bank's reference of the transfer, as the statement shows it. */
  reference: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  note: z.string().trim().max(500, { error: 'validation.too_long' }).optional(),
});
export type MarkPaid = z.infer<typeof MarkPaidSchema>;

export const MarkPaidResponseSchema = successEnvelope({
  order: AdminOrderSchema,
  outcome: z.enum(['fulfilled', 'flagged']),
  message: z.string(),
});

/** Staff confirm or reject an order's VAT number by hand, saying why (the note is required). */
export const StaffVatDecisionSchema = z.strictObject({
  status: z.enum(['verified', 'rejected'], { error: 'validation.invalid' }),
  note: z
    .string({ error: 'admin.vat.note_required' })
    .trim()
    .min(1, { error: 'admin.vat.note_required' })
    .max(500, { error: 'validation.too_long' }),
});
export type StaffVatDecision = z.infer<typeof StaffVatDecisionSchema>;

export const StaffCancelSchema = z.object({
  reason: z.string().trim().max(500, { error: 'validation.too_long' }).optional(),
});

/**
 * The order e-mails staff can send again: the confirmation of a paid order (its invoice
 * attached, or the renewal's), and a transfer order's bank details while it awaits the money.
 */
export const RESENDABLE_ORDER_MAILS = ['confirmation', 'transfer_instructions'] as const;
export type ResendableOrderMail = (typeof RESENDABLE_ORDER_MAILS)[number];

export const ResendOrderMailSchema = z.object({
  mail: z.enum(RESENDABLE_ORDER_MAILS, { error: 'validation.invalid' }),
});

export const ResendOrderMailResponseSchema = successEnvelope({ message: z.string() });

export const StaffRefundSchema = z.object({
  reason: z
    .string({ error: 'admin.refund.reason_required' })
    .trim()
    .min(1, { error: 'admin.refund.reason_required' })
    .max(500, { error: 'validation.too_long' }),
  /** In cents; only the whole amount paid is accepted (refunds are in full). */
  amount: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(100_000_000_00, { error: 'validation.out_of_range' })
    .optional(),
});

export const AdminPaymentSchema = z.object({
  id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  amount: cents,
  /** The provider's id of the payment (Checkout Session, PayPal order, transfer reference). */
  reference: z.string().nullable(),
  created_at: instant,
});

export const AdminRefundSchema = z.object({
  id: z.uuid(),
  payment_id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: cents,
  reference: z.string().nullable(),
  reason: z.string(),
  refunded_by: z.string(),
  created_at: instant,
});

/** An issued document; `url` downloads its PDF as issued (staff session). */
/** What the e-invoicing platform reported of a document (docs/product.md 'Invoices'). */
const einvoiceStatusSchema = z.object({
  status: z.enum(EINVOICE_STATUSES),
  at: instant,
  platform: z.string(),
  reference: z.string(),
  detail: z.string().nullable(),
});
export type StaffEinvoiceStatus = z.infer<typeof einvoiceStatusSchema>;

const documentSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  issued_at: instant,
  url: z.string(),
  /** In the order the document went through them; empty until it is sent. */
  einvoice: z.array(einvoiceStatusSchema),
});

/**
 * Where a buyer's VAT number stands: confirmed by VIES (or by staff), only format-checked
 * (VIES could not answer; re-checked later), or rejected (by VIES or by staff).
 */
export const STAFF_VAT_NUMBER_STATUSES = ['verified', 'format_checked', 'rejected'] as const;
export type StaffVatNumberStatus = (typeof STAFF_VAT_NUMBER_STATUSES)[number];

/** One order in full, for its back-office page. */
export const AdminOrderDetailSchema = AdminOrderSchema.omit({ customer: true }).extend({
  subtotal: cents,
  discount: cents,
  tax: cents,
  tax_rate_basis_points: z.number().int(),
  /** Before VAT, after the discount: what VAT was computed on. */
  taxable: cents,
  promo_code: z.string().nullable(),
  /** The VAT number the order was placed with (normalised), null when none was given. */
  vat_number: z.string().nullable(),
  vat_number_status: z.enum(STAFF_VAT_NUMBER_STATUSES).nullable(),
  notes: z.string().nullable(),
  language: z.enum(['fr', 'en']),
  billing_address: z.record(z.string(), z.unknown()),
  /** Where the licences are delivered when it differs from the billing address, else null. */
  delivery_address: StoredDeliveryAddressSchema.nullable(),
  /** The account that placed the order. */
  customer: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    company: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      /** The plan's billing cycle as sold ('monthly', 'yearly', 'lifetime'). */
      billing_cycle: z.string(),
      quantity: z.number().int(),
      unit_price: cents,
      total_price: cents,
      /** The line's share of the promo discount. */
      discount: cents,
      /** Before VAT (after its discount), its VAT, and with VAT: the lines add up to the order. */
      total_excl_tax: cents,
      tax: cents,
      total_incl_tax: cents,
      domains: z.array(z.string()),
    }),
  ),
  events: z.array(
    z.object({
      at: instant,
      from_status: z.string().nullable(),
      to_status: z.string(),
      payment_status: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  payments: z.array(AdminPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  /** What staff typed when recording the bank transfer; null when none was recorded. */
  transfer: z
    .object({
      bank_reference: z.string().nullable(),
      note: z.string().nullable(),
      paid_at: z.string().nullable(),
      /** When staff recorded it: the day shown when they gave no payment date. */
      recorded_at: instant,
    })
    .nullable(),
  invoice: documentSchema.nullable(),
  credit_notes: z.array(documentSchema),
  licences: z.array(z.object({ id: z.uuid(), key: z.string(), status: z.enum(LICENSE_STATUSES) })),
  /** A consumer's withdrawal: when asked, and whether staff refunded it yet; null for others. */
  withdrawal: OrderWithdrawalSchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderDetailResponseSchema = successEnvelope({ order: AdminOrderDetailSchema });

/** What a cancellation or a refund answers: the order as it now is, and what was done. */
export const AdminOrderActionResponseSchema = successEnvelope({
  order: AdminOrderDetailSchema,
  message: z.string(),
});
