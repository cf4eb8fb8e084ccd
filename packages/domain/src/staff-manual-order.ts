import { z } from 'zod';
import { successEnvelope } from './api';
import { ORDER_ITEMS_MAX } from './constants';
import { cleanArray, optionalText } from './fields';
import { NOTES_MAX, OrderItemInputSchema } from './orders';
import { PaymentMethodSchema } from './order-status';
import { PROMO_CODE_MAX, normalizePromoCode } from './promo-codes';
import { QuoteItemInputSchema } from './quote';
import { QuoteSchema } from './quote-answer';
import { CountryCodeSchema } from './wire-schemas';

/**
 * An order staff place for a customer by hand (docs/product.md 'Back office'): the customer
 * (an account's id or e-mail), the templates (each sold with its own billing cycle), their
 * quantities and an optional promo code, priced by the checkout's own pricing with the VAT of
 * the customer's country and VAT number; then a payment link (card or PayPal) or a bank
 * transfer whose details the customer is e-mailed.
 */

/** The customer an order is placed for: an account's id, or its e-mail address. */
const customerField = z
  .string({ error: 'admin.manual_order.customer_required' })
  .trim()
  .min(1, { error: 'admin.manual_order.customer_required' })
  .max(254, { error: 'admin.manual_order.customer_unknown' });

const promoCodeField = optionalText(PROMO_CODE_MAX, 'promo.unknown').transform(normalizePromoCode);

/** The lines, as many as a cart may hold. */
const itemsOf = <Item extends z.ZodType>(item: Item) =>
  z
    .array(item, { error: 'checkout.items_required' })
    .min(1, { error: 'checkout.items_required', ...cleanArray })
    .max(ORDER_ITEMS_MAX, { error: 'checkout.too_many_items', ...cleanArray });

/** What the quote needs: the lines' domains may still be blank. */
export const ManualOrderQuoteSchema = z.object(
  {
    customer: customerField,
    items: itemsOf(QuoteItemInputSchema),
    promo_code: promoCodeField,
  },
  { error: 'validation.invalid' },
);
export type ManualOrderQuote = z.infer<typeof ManualOrderQuoteSchema>;

/** What placing it needs besides: each line's domain, how it is paid, a note for the buyer. */
export const ManualOrderCreateSchema = z.object(
  {
    customer: customerField,
    items: itemsOf(OrderItemInputSchema),
    promo_code: promoCodeField,
    /** `stripe` or `paypal`: a payment link is e-mailed; `bank_transfer`: the bank details. */
    payment_method: PaymentMethodSchema,
    notes: optionalText(NOTES_MAX, 'checkout.notes_too_long'),
  },
  { error: 'validation.invalid' },
);
export type ManualOrderCreate = z.infer<typeof ManualOrderCreateSchema>;
export type ManualOrderCreateInput = z.input<typeof ManualOrderCreateSchema>;

/** The customer as the quote found it: whose country and VAT number decide the VAT. */
export const ManualOrderCustomerSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  country: CountryCodeSchema,
  vat_number: z.string().nullable(),
});

export const ManualOrderQuoteResponseSchema = successEnvelope({
  customer: ManualOrderCustomerSchema,
  quote: QuoteSchema,
});
export type ManualOrderQuoteResponse = z.infer<typeof ManualOrderQuoteResponseSchema>;

export const ManualOrderCreateResponseSchema = successEnvelope({
  order: z.object({ id: z.uuid(), order_number: z.string() }),
  /** Where the customer pays by card or PayPal (also e-mailed); null for a bank transfer. */
  payment_url: z.string().nullable(),
  message: z.string(),
});
export type ManualOrderCreateResponse = z.infer<typeof ManualOrderCreateResponseSchema>;
