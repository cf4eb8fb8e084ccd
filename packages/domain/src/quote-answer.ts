import { z } from 'zod';
import { ORDER_VAT_NUMBER_STATUSES, TAX_KINDS } from './tax-treatment';
import { BillingCycleSchema, DecimalStringSchema } from './wire-schemas';

// The statuses of a VAT number live with the tax rules (zod-free, for the cart's quote reader).
export { ORDER_VAT_NUMBER_STATUSES, type OrderVatNumberStatus } from './tax-treatment';

/** A calendar date, "2026-11-24". */
const DateSchema = z.iso.date();

/*
 * The priced figures of a quote as the API answers them, shared by the quote answer (quote.ts)
 * and the order answer (orders.ts), which carries the same fields as the order was priced with.
 */

/** One line of the answer; amounts are decimal strings like the order's. */
export const QuoteLineResponseSchema = z.object({
  template_id: z.number().int().positive(),
  billing_cycle: BillingCycleSchema.optional(),
  quantity: z.number().int().min(1),
  unit_price: DecimalStringSchema,
  subtotal: DecimalStringSchema,
  discount: DecimalStringSchema,
  /** The line excluding VAT after its discount. */
  total: DecimalStringSchema,
  /**
   * The quote only (docs/decisions/021-the-screens-show-the-server-quote.md): the period a
   * payment today covers, from `period_start` to `renews_on` (absent for a one-time licence),
   * and what renewing the line for one more period costs excluding VAT, its extras included
   * and no setup fee (absent for a one-time licence).
   */
  period_start: DateSchema.optional(),
  renews_on: DateSchema.optional(),
  renewal_price: DecimalStringSchema.optional(),
});
export type QuoteLineResponse = z.infer<typeof QuoteLineResponseSchema>;

/**
 * The quote as answered: `discount` is what is taken off the subtotal, `taxable` what VAT is
 * computed on, `tax_rate` the percentage with two decimals ("20.00", as an order's), `mention`
 * the legal mention in the reader's language when no VAT is charged.
 */
export const QuoteSchema = z.object({
  lines: z.array(QuoteLineResponseSchema),
  subtotal: DecimalStringSchema,
  discount: DecimalStringSchema,
  taxable: DecimalStringSchema,
  tax: DecimalStringSchema,
  tax_rate: DecimalStringSchema,
  reverse_charge: z.boolean(),
  total: DecimalStringSchema,
  mention: z.string().optional(),
  /** Which VAT the sale bears: French, the buyer's member state's, reverse charge, none. */
  tax_kind: z.enum(TAX_KINDS).optional(),
  /** How the VAT number given was checked: VIES confirmed it, only its format, or none given. */
  vat_number_status: z.enum(ORDER_VAT_NUMBER_STATUSES).optional(),
  /**
   * The quote only: whether the licences would renew themselves, and when the first automatic
   * charge would fall (null when not asked, or when nothing in the cart renews).
   */
  auto_renew: z.boolean().optional(),
  next_charge_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type QuoteAnswer = z.infer<typeof QuoteSchema>;
