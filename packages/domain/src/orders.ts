import { z } from 'zod';
import { successEnvelope } from './api';
import { BillingAddressSchema, StoredBillingAddressSchema } from './billing-address';
import { DeliveryAddressSchema, StoredDeliveryAddressSchema } from './delivery-address';
import { CartCustomizationsSchema } from './cart-schemas';
import { ZeroOneSchema } from './catalog';
import {
  CURRENCY,
  EXTRAS_MAX,
  EXTRAS_MIN,
  ORDER_ITEMS_MAX,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from './constants';
import { DOMAIN_INPUT_MAX, domainNameSchema, parseDomain } from './domain-name';
import { boundedInt, cleanArray, optionalText } from './fields';
import { DecimalStringSchema } from './wire-schemas';
import { PROMO_CODE_MAX, normalizePromoCode } from './promo-codes';
import { ORDER_VAT_NUMBER_STATUSES, QuoteSchema } from './quote-answer';
import { TAX_KINDS } from './tax-treatment';
import { OrderWithdrawalSchema } from './withdrawal';
import { BankTransferDetailsSchema } from './payments';
import {
  OrderStatusSchema,
  PaymentMethodOptionSchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
} from './order-status';

// Statuses, transitions and payment methods live in order-status.ts; importing them from here
// keeps one entry point for everything about orders.
export * from './order-status';

export const NOTES_MAX = 2000;
/** Bound on additional domain inputs per item; the real bound is domain_limit - 1 (server). */
export const ADDITIONAL_DOMAINS_INPUT_MAX = 50;

/**
 * Additional domain inputs go up to domain_limit minus 1 (docs/product.md 'Checkout' ('The form')).
 */
export const maxAdditionalDomains = (domainLimit: number): number =>
  Math.max(0, Math.trunc(domainLimit) - 1);

/**
 * Empty additional domains are ignored, non-empty ones must be valid (docs/product.md 'Checkout'
 * ('Domain names')).
 * Outputs the normalised list without duplicates; an error points at the offending index.
 */
const AdditionalDomainsSchema = z
  .array(
    z.string({ error: 'checkout.additional_domain_invalid' }).max(DOMAIN_INPUT_MAX, {
      error: 'checkout.additional_domain_invalid',
    }),
    { error: 'checkout.additional_domain_invalid' },
  )
  .max(ADDITIONAL_DOMAINS_INPUT_MAX, {
    error: 'checkout.too_many_additional_domains',
    ...cleanArray,
  })
  .default([])
  .transform((list, ctx) => {
    const domains: string[] = [];
    list.forEach((raw, index) => {
      if (raw.trim() === '') return;
      const parsed = parseDomain(raw);
      if (!parsed.ok) {
        ctx.issues.push({
          code: 'custom',
          message: 'checkout.additional_domain_invalid',
          input: raw,
          path: [index],
        });
      } else if (!domains.includes(parsed.domain)) {
        domains.push(parsed.domain);
      }
    });
    return domains;
  });

/**
 * Customisations of one ordered item. The legacy keys additional_domains,
 * additional_installations and domain_name are accepted and dropped, like any other unknown
 * key: extra_domains, extra_installations and primary_domain carry the same facts.
 */
export const OrderItemCustomizationsInputSchema = z.object(
  {
    primary_domain: domainNameSchema({
      required: 'checkout.domain_required',
      invalid: 'checkout.domain_invalid',
    }),
    additional_domains_list: AdditionalDomainsSchema,
    extra_domains: CartCustomizationsSchema.shape.extra_domains,
    extra_installations: CartCustomizationsSchema.shape.extra_installations,
  },
  // A missing customisations object means, first of all, a missing primary domain.
  { error: 'checkout.domain_required' },
);
export type OrderItemCustomizationsInput = z.infer<typeof OrderItemCustomizationsInputSchema>;

export const OrderItemInputSchema = z.object(
  {
    template_id: z
      .number({ error: 'checkout.template_invalid' })
      .int({ error: 'checkout.template_invalid' })
      .positive({
        error: 'checkout.template_invalid',
      }),
    quantity: boundedInt(QUANTITY_MIN, QUANTITY_MAX, 'checkout.quantity_invalid'),
    customizations: OrderItemCustomizationsInputSchema,
  },
  { error: 'validation.invalid' },
);
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>;

/**
 * The order creation payload (docs/product.md 'Checkout' ('Submitting')). Prices, subtotals, tax
 * and totals a client might send are not part of it and are stripped: the server recomputes every
 * amount.
 */
export const OrderCreateSchema = z.object(
  {
    items: z
      .array(OrderItemInputSchema, { error: 'checkout.items_required' })
      .min(1, { error: 'checkout.items_required', ...cleanArray })
      .max(ORDER_ITEMS_MAX, { error: 'checkout.too_many_items', ...cleanArray }),
    billing_address: BillingAddressSchema,
    /** Absent or null: delivered to the billing address (delivery-address.ts). */
    delivery_address: DeliveryAddressSchema.nullable().optional(),
    payment_method: PaymentMethodSchema,
    notes: optionalText(NOTES_MAX, 'checkout.notes_too_long'),
    newsletter: z.boolean({ error: 'validation.invalid' }).optional(),
    /** Absent, null or blank: no promo. Normalised as the quote normalises it. */
    promo_code: optionalText(PROMO_CODE_MAX, 'promo.unknown').transform(normalizePromoCode),
    /**
     * The buyer ticked "renew automatically" (never ticked for them): the licences renew
     * themselves with the method saved at payment. A bank transfer cannot (the server says so).
     */
    auto_renew: z.boolean({ error: 'validation.invalid' }).optional(),
  },
  { error: 'validation.invalid' },
);
export type OrderCreate = z.infer<typeof OrderCreateSchema>;
export type OrderCreateInput = z.input<typeof OrderCreateSchema>;

/** The checkout form adds the terms-of-sale checkbox, which never leaves the browser. */
export const CheckoutFormSchema = OrderCreateSchema.extend({
  terms: z.literal(true, { error: 'checkout.terms_required' }),
});
export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;

/** Field paths of domain errors, to show the overall 'domains error' beside the specific ones. */
export const isDomainErrorPath = (path: string): boolean =>
  /^items\.\d+\.customizations\.(primary_domain|additional_domains_list)/.test(path);

/** An item's customisations as stored and answered (already normalised, no transforms). */
export const OrderItemCustomizationsSchema = z.object({
  primary_domain: z.string(),
  additional_domains_list: z.array(z.string()),
  extra_domains: z.number().int().min(EXTRAS_MIN).max(EXTRAS_MAX),
  extra_installations: z.number().int().min(EXTRAS_MIN).max(EXTRAS_MAX),
});
export type OrderItemCustomizations = z.infer<typeof OrderItemCustomizationsSchema>;

type LineDomainFields = Pick<OrderItemCustomizations, 'primary_domain' | 'additional_domains_list'>;

/**
 * The domains an order line covers, as its licences and e-mails list them: the primary first,
 * then each additional one once; blanks and repeats (the primary typed again) are dropped.
 */
export const lineDomains = (line: LineDomainFields): string[] =>
  [line.primary_domain, ...line.additional_domains_list].filter(
    (domain, index, all) => domain !== '' && all.indexOf(domain) === index,
  );

/** The line's domains besides the primary: what counts against its additional-domain limit. */
export const additionalDomains = (line: LineDomainFields): string[] =>
  lineDomains(line).filter((domain) => domain !== line.primary_domain);

export const OrderItemSchema = z.object({
  id: z.uuid(),
  template: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    description: z.string(),
    domain_limit: z.number().int(),
    installation_limit: z.number().int(),
    update_permissions: ZeroOneSchema,
  }),
  quantity: z.number().int().min(QUANTITY_MIN),
  unit_price: DecimalStringSchema,
  total_price: DecimalStringSchema,
  customizations: OrderItemCustomizationsSchema,
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

// How an order's VAT number was checked when it was placed; `none`: no number given.
export { ORDER_VAT_NUMBER_STATUSES, type OrderVatNumberStatus } from './quote-answer';
/** An issued invoice as an order answer links it (docs/product.md 'Invoices'). */
export const InvoiceRefSchema = z.object({
  number: z.string(),
  issued_at: z.iso.datetime({ offset: true }),
  /** The PDF, for the order's owner. */
  url: z.string(),
});
export type InvoiceRef = z.infer<typeof InvoiceRefSchema>;

/** A credit note of the order (docs/product.md 'Invoices' ('Credit notes')), with its PDF. */
export const CreditNoteRefSchema = InvoiceRefSchema.extend({ total: DecimalStringSchema });
export type CreditNoteRef = z.infer<typeof CreditNoteRefSchema>;

/** One move of the order state machine, as its owner reads it (docs/product.md 'Orders'). */
export const OrderEventSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  from: OrderStatusSchema.nullable(),
  to: OrderStatusSchema,
  payment_status: PaymentStatusSchema.nullable(),
  reason: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/**
 * An order as the server answers it (docs/product.md 'Orders' ('Reading an order (owner only)')).
 */
/** Ids are UUIDs, like account ids: they reveal neither counts nor order of creation. */
export const OrderSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  payment_method: PaymentMethodSchema,
  created_at: z.iso.datetime({ offset: true }),
  currency: z.literal(CURRENCY),
  subtotal: DecimalStringSchema,
  tax_rate: DecimalStringSchema,
  tax_amount: DecimalStringSchema,
  total: DecimalStringSchema,
  notes: z.string().optional(),
  items: z.array(OrderItemSchema),
  billing_address: StoredBillingAddressSchema,
  /** Only when it differs from the billing address; absent on orders placed before the field. */
  delivery_address: StoredDeliveryAddressSchema.nullable().optional(),
  /** The order renews its licence automatically: a method charged again pays it, no transfer. */
  auto_renew: z.boolean().optional(),
  /** Bank-transfer orders only: where to send the money and the reference to give. */
  bank_transfer: BankTransferDetailsSchema.optional(),
  // What the order was priced with, named as the quote names it
  // (docs/decisions/014-vies-and-promo-redemptions.md): `tax` equals `tax_amount`.
  lines: QuoteSchema.shape.lines,
  discount: DecimalStringSchema,
  taxable: DecimalStringSchema,
  tax: DecimalStringSchema,
  reverse_charge: z.boolean(),
  mention: z.string().optional(),
  /** Absent on orders priced before tax treatments were recorded. */
  tax_kind: z.enum(TAX_KINDS).optional(),
  promo_code: z.string().optional(),
  /** The billing VAT number's check at the sale: VIES confirmed it, only its format, or none given. */
  vat_number_status: z.enum(ORDER_VAT_NUMBER_STATUSES),
  /** Null until the order is paid and its invoice issued. */
  invoice: InvoiceRefSchema.nullable(),
  /**
   * On an order's reads: where its buyer pays the attempt still open (null when none is), so
   * the failure page sends them back to it rather than opening another
   * (docs/decisions/020-payment-attempts-per-order.md).
   */
  payment_url: z.string().nullable().optional(),
  /** On an order's reads by id: its history and its credit notes (the client area). */
  events: z.array(OrderEventSchema).optional(),
  credit_notes: z.array(CreditNoteRefSchema).optional(),
  /**
   * On an order's reads by id or number: its withdrawal (docs/product.md 'Orders'
   * ('Withdrawal')); null where it does not apply (a business buyer, an order never paid).
   */
  withdrawal: OrderWithdrawalSchema.nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * POST /orders: a payment_url sends the browser to the payment page
 * (docs/product.md 'Checkout' ('After the order is placed')).
 */
export const OrderCreateResponseSchema = successEnvelope({
  order: OrderSchema,
  payment_url: z.string().nullable(),
  message: z.string(),
});
export type OrderCreateResponse = z.infer<typeof OrderCreateResponseSchema>;

export const OrderResponseSchema = successEnvelope({ order: OrderSchema });

/**
 * POST /orders/{id}/payments: a new payment attempt on an order whose last one failed or
 * expired; `payment_url` is where the buyer pays it (docs/decisions/020-payment-attempts-per-order.md).
 */
export const PaymentRetrySchema = z.object({
  /** Another method for the order (a declined card switched to PayPal or a transfer). */
  payment_method: PaymentMethodSchema.optional(),
});
export type PaymentRetry = z.infer<typeof PaymentRetrySchema>;

export const PaymentRetryResponseSchema = successEnvelope({
  order: OrderSchema,
  payment_url: z.string().nullable(),
  message: z.string(),
});
export type PaymentRetryResponse = z.infer<typeof PaymentRetryResponseSchema>;
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** The success page polls it while a card payment settles, licences once issued. */
export const PaymentStatusResponseSchema = successEnvelope({
  status: OrderStatusSchema,
  payment_status: PaymentStatusSchema,
  /** Licences this order issued; a renewal issues none, it moves its licence's expiry. */
  license_count: z.number().int().min(0),
  /** For a paid renewal order, the licence it renewed and its new expiry; null otherwise. */
  renewed_license: z
    .object({ license_key: z.string(), expires_at: z.string() })
    .nullable()
    .optional(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

export const OrderCancelSchema = z.object({ reason: optionalText(500) });
export type OrderCancel = z.infer<typeof OrderCancelSchema>;

/**
 * POST /orders/{id}/cancel (docs/product.md 'Orders' ('Cancellation')): the cancelled order comes
 * back with it.
 */
export const OrderCancelResponseSchema = successEnvelope({
  order: OrderSchema,
  message: z.string(),
});
export type OrderCancelResponse = z.infer<typeof OrderCancelResponseSchema>;

/** GET /payment-methods (docs/product.md 'Payment' ('Payment methods and providers')). */
export const PaymentMethodsResponseSchema = successEnvelope({
  payment_methods: z.array(PaymentMethodOptionSchema),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

/**
 * Order numbers: 'CAD-<year>-' then 8 characters of a 32-letter alphabet without the
 * look-alikes 0/O and 1/I, so a number read over the phone is unambiguous. 8 x 5 bits = 40
 * random bits; the server retries on the (rare) unique-constraint clash.
 */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_NUMBER_PATTERN = /^CAD-\d{4}-[2-9A-HJ-NP-Z]{8}$/;
export const ORDER_NUMBER_RANDOM_BYTES = 5;
export const OrderNumberSchema = z
  .string()
  .regex(ORDER_NUMBER_PATTERN, { error: 'orders.not_found' });

/** Pure: the caller supplies at least 5 cryptographically random bytes and the date. */
export function generateOrderNumber(randomBytes: Uint8Array, now: Date = new Date()): string {
  if (randomBytes.length < ORDER_NUMBER_RANDOM_BYTES) {
    throw new RangeError(`generateOrderNumber needs ${ORDER_NUMBER_RANDOM_BYTES} random bytes`);
  }
  let bits = 0n;
  for (let i = 0; i < ORDER_NUMBER_RANDOM_BYTES; i += 1)
    bits = (bits << 8n) | BigInt(randomBytes[i] ?? 0);
  let suffix = '';
  for (let i = 0; i < 8; i += 1) {
    suffix = ORDER_NUMBER_ALPHABET.charAt(Number(bits & 31n)) + suffix;
    bits >>= 5n;
  }
  return `CAD-${now.getUTCFullYear()}-${suffix}`;
}
