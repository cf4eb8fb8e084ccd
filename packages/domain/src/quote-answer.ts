import { z } from 'zod';
import { BillingCycleSchema, DecimalStringSchema } from './wire-schemas';

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
});
export type QuoteAnswer = z.infer<typeof QuoteSchema>;
