import { z } from 'zod';
import { successEnvelope } from './api';
import { CURRENCY } from './constants';
import { domainNameSchema } from './domain-name';
import { INVOICE_KINDS } from './invoice-numbers';
import { OwnedLicenseSchema } from './license-api';
import { OrderStatusSchema, PaymentMethodSchema, PaymentStatusSchema } from './order-status';
import { DecimalStringSchema } from './wire-schemas';

/**
 * The client area's own reads and changes (docs/product.md 'Client area'): the account's orders
 * page by page, its invoices and credit notes, and the domains of one of its licences.
 */

export const ORDERS_PAGE_SIZE_DEFAULT = 20;
export const ORDERS_PAGE_SIZE_MAX = 100;
/** More domains than any template allows: a longer list is refused before it is looked at. */
export const LICENSE_DOMAINS_INPUT_MAX = 100;

export const OrderListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(100_000, { error: 'validation.out_of_range' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(ORDERS_PAGE_SIZE_MAX, { error: 'validation.out_of_range' })
    .default(ORDERS_PAGE_SIZE_DEFAULT),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** `renewal`: an order that extends one of the account's licences (decision 018). */
export const ORDER_KINDS = ['order', 'renewal'] as const;

export const OrderSummarySchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  payment_method: PaymentMethodSchema,
  total: DecimalStringSchema,
  currency: z.literal(CURRENCY),
  created_at: z.iso.datetime({ offset: true }),
  kind: z.enum(ORDER_KINDS),
  invoice_number: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderListResponseSchema = successEnvelope({
  orders: z.array(OrderSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;

export const AccountDocumentSchema = z.object({
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issued_at: z.iso.datetime({ offset: true }),
  total: DecimalStringSchema,
  currency: z.literal(CURRENCY),
  order_id: z.uuid(),
  order_number: z.string(),
  /** The PDF, for the order's owner. */
  url: z.string(),
});
export type AccountDocument = z.infer<typeof AccountDocumentSchema>;

export const AccountDocumentsResponseSchema = successEnvelope({
  documents: z.array(AccountDocumentSchema),
});

/** PUT /licenses/{id}/domains: the whole list, each name normalised as the checkout does. */
export const LicenseDomainsSchema = z.object({
  domains: z
    .array(
      domainNameSchema({ required: 'license.domain_required', invalid: 'license.domain_invalid' }),
      {
        error: 'validation.invalid',
      },
    )
    .max(LICENSE_DOMAINS_INPUT_MAX, { error: 'validation.out_of_range' }),
});
export type LicenseDomains = z.infer<typeof LicenseDomainsSchema>;

export const LicenseDomainsResponseSchema = successEnvelope({
  license: OwnedLicenseSchema,
  message: z.string(),
});
