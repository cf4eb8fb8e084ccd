import { z } from 'zod';
import { successEnvelope } from './api';
import { CYCLE_MONTHS, addCycle, type BillingCycle } from './billing-cycles';
import {
  NO_CUSTOMIZATIONS,
  lineSubtotalCents,
  lineUnitCents,
  type CartCustomizations,
  type PricedTemplate,
} from './cart';
import { ORDER_ITEMS_MAX, type Language } from './constants';
import { CountryCodeSchema } from './wire-schemas';
import { cleanArray, optionalText } from './fields';
import { translateMessage, type MessageKey } from './messages';
import { applyRate, centsToDecimalString } from './money';
import { PaymentMethodSchema } from './order-status';
import { shopDay } from './paris-days';
import { OrderItemCustomizationsInputSchema, OrderItemInputSchema } from './orders';
import { domainNameSchema } from './domain-name';
import {
  PROMO_CODE_MAX,
  PROMO_ERROR_KEYS,
  applyPromo,
  normalizePromoCode,
  type PromoCode,
  type PromoContext,
  type PromoRefusal,
} from './promo-codes';
import type { TaxKind, TaxTreatment } from './tax-treatment';
import { vatNumberField, withCheckedVatNumber } from './vat-number-field';
import { QuoteSchema, type QuoteAnswer, type QuoteLineResponse } from './quote-answer';

export {
  QuoteLineResponseSchema,
  QuoteSchema,
  type QuoteAnswer,
  type QuoteLineResponse,
} from './quote-answer';

/*
 * One pricing function for the cart, the checkout and the order
 * (docs/decisions/013-tax-treatment-and-promo-rules.md): priced lines, then the promo taken off
 * before VAT, then the VAT of the tax treatment, rounded once on the taxable amount as the cart
 * and the order do today (docs/product.md 'Prices and VAT').
 */

/** A line as the quote prices it: the unit price already holds the setup fee and extras. */
export interface QuoteLineInput {
  templateId: number;
  billingCycle?: BillingCycle | undefined;
  unitPriceCents: number;
  quantity: number;
  /**
   * One unit renewed for one more period: the template's renewal price and the line's extras,
   * no setup fee (docs/decisions/021-the-screens-show-the-server-quote.md). Shown, never charged
   * by this order.
   */
  renewalUnitCents?: number | undefined;
}

/** A quote line from a template's prices and the line's extras, by the cart's unit rule. */
export function quoteLineFrom(line: {
  templateId: number;
  billingCycle?: BillingCycle | undefined;
  template: PricedTemplate & { renewalPriceCents?: number };
  customizations: CartCustomizations;
  quantity: number;
}): QuoteLineInput {
  const { renewalPriceCents } = line.template;
  return {
    templateId: line.templateId,
    billingCycle: line.billingCycle,
    unitPriceCents: lineUnitCents(line.template, line.customizations),
    quantity: line.quantity,
    ...(renewalPriceCents === undefined
      ? {}
      : {
          renewalUnitCents: lineUnitCents(
            { priceCents: renewalPriceCents, setupFeeCents: 0 },
            line.customizations,
          ),
        }),
  };
}

export interface QuoteLine extends QuoteLineInput {
  /** Unit price times quantity, before discount. */
  subtotalCents: number;
  /** This line's part of the promo discount. */
  discountCents: number;
  /** Subtotal less discount: the line's amount excluding VAT on the invoice. */
  taxableCents: number;
}

export interface Quote {
  lines: QuoteLine[];
  subtotalCents: number;
  discountCents: number;
  taxableCents: number;
  taxCents: number;
  taxRateBasisPoints: number;
  reverseCharge: boolean;
  totalCents: number;
  taxKind: TaxKind;
  /** The legal mention the invoice carries when it shows no VAT. */
  mention?: MessageKey;
}

/** A promo to apply: the code found for what the customer typed (null: none found). */
export interface QuotePromo {
  code: PromoCode | null;
  context: PromoContext;
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; reason: PromoRefusal };

function assertLine(line: QuoteLineInput): void {
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError(`Not a unit price in cents: ${line.unitPriceCents}`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`Not a quantity: ${line.quantity}`);
  }
}

/**
 * Prices an order. A promo the rules refuse refuses the quote (the caller shows why beside the
 * promo code field) rather than being dropped in silence: a customer who typed a code must not
 * pay more than they were shown without being told.
 */
export function computeQuote(input: {
  lines: readonly QuoteLineInput[];
  promo?: QuotePromo | null;
  tax: TaxTreatment;
}): QuoteResult {
  const { tax } = input;
  const priced = input.lines.map((line) => {
    assertLine(line);
    // The unit price already holds setup fee and extras: the cart's line rule with none.
    const subtotalCents = lineSubtotalCents(
      { priceCents: line.unitPriceCents, setupFeeCents: 0 },
      NO_CUSTOMIZATIONS,
      line.quantity,
    );
    return { line, subtotalCents };
  });

  let perLine = priced.map(() => 0);
  if (input.promo) {
    const result = applyPromo(
      input.promo.code,
      priced.map(({ line, subtotalCents }) => ({
        templateId: line.templateId,
        billingCycle: line.billingCycle,
        amountCents: subtotalCents,
      })),
      input.promo.context,
    );
    if (!result.ok) return result;
    perLine = result.perLine;
  }

  const lines: QuoteLine[] = priced.map(({ line, subtotalCents }, index) => {
    const discountCents = perLine[index] ?? 0;
    return {
      templateId: line.templateId,
      billingCycle: line.billingCycle,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      ...(line.renewalUnitCents === undefined ? {} : { renewalUnitCents: line.renewalUnitCents }),
      subtotalCents,
      discountCents,
      taxableCents: subtotalCents - discountCents,
    };
  });
  const sum = (pick: (line: QuoteLine) => number) =>
    lines.reduce((acc, line) => acc + pick(line), 0);
  const subtotalCents = sum((line) => line.subtotalCents);
  const discountCents = sum((line) => line.discountCents);
  const taxableCents = subtotalCents - discountCents;
  // One tax on the taxable amount, rounded once, half-up: what cartTotals does on a subtotal.
  const taxCents = applyRate(taxableCents, tax.rateBasisPoints / 100);
  const quote: Quote = {
    lines,
    subtotalCents,
    discountCents,
    taxableCents,
    taxCents,
    taxRateBasisPoints: tax.rateBasisPoints,
    reverseCharge: tax.reverseCharge,
    totalCents: taxableCents + taxCents,
    taxKind: tax.kind,
  };
  if (tax.mention) quote.mention = tax.mention;
  return { ok: true, quote };
}

/** The field errors of a refused quote, in the shape of an API error's `errors`. */
export const quoteRefusalErrors = (reason: PromoRefusal): Record<string, MessageKey[]> => ({
  promo_code: [PROMO_ERROR_KEYS[reason]],
});

/* Wire: POST /api/v1/website/quote ------------------------------------------------------- */

/**
 * An item of the quote: as the order payload gives it, except that the primary domain may be
 * left out. Domains change no price, and the cart is priced before the buyer has named them
 * (docs/decisions/021-the-screens-show-the-server-quote.md); one given is still checked.
 */
export const QuoteItemInputSchema = OrderItemInputSchema.extend({
  customizations: OrderItemCustomizationsInputSchema.extend({
    primary_domain: z
      .preprocess(
        (raw) => (typeof raw === 'string' && raw.trim() === '' ? undefined : (raw ?? undefined)),
        domainNameSchema({
          required: 'checkout.domain_required',
          invalid: 'checkout.domain_invalid',
        }).optional(),
      )
      .transform((domain) => domain ?? ''),
  }),
});

/**
 * The quote request: the items as the order payload gives them, the billing country, and an
 * optional VAT number and promo code (absent, null or blank: none). The VAT number is checked
 * offline against the country here, so the form and the server refuse the same numbers with
 * the same message; it comes out normalised ("EL094259216"), ready for VIES. The promo code
 * comes out normalised too; whether it exists is the server's to say.
 */
export const QuoteRequestSchema = withCheckedVatNumber(
  z.object(
    {
      items: z
        .array(QuoteItemInputSchema, { error: 'checkout.items_required' })
        .min(1, { error: 'checkout.items_required', ...cleanArray })
        .max(ORDER_ITEMS_MAX, { error: 'checkout.too_many_items', ...cleanArray }),
      country: CountryCodeSchema,
      vat_number: vatNumberField(),
      // A code longer than any code can be exists nowhere.
      promo_code: optionalText(PROMO_CODE_MAX, 'promo.unknown').transform(normalizePromoCode),
      /** Asked with the automatic renewal box ticked: the answer says when it first charges. */
      auto_renew: z.boolean({ error: 'validation.invalid' }).optional(),
      /** The method chosen, when known: a bank transfer cannot renew automatically. */
      payment_method: PaymentMethodSchema.optional(),
    },
    { error: 'validation.invalid' },
  ),
);
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;

export const QuoteResponseSchema = successEnvelope({ quote: QuoteSchema });
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/**
 * What a payment made at `now` covers on this line and what its renewal costs: the period
 * starts with the payment, as the licence does, and lasts one billing cycle.
 */
function periodOf(line: QuoteLine, now: Date): Partial<QuoteLineResponse> {
  if (line.billingCycle === undefined) return {};
  const period: Partial<QuoteLineResponse> = { period_start: shopDay(now) };
  if (CYCLE_MONTHS[line.billingCycle] === null) return period;
  const end = addCycle(now, line.billingCycle);
  if (end) period.renews_on = shopDay(end);
  if (line.renewalUnitCents !== undefined) {
    period.renewal_price = centsToDecimalString(line.renewalUnitCents * line.quantity);
  }
  return period;
}

/**
 * A computed quote in its wire form, the mention in the reader's language. Given `now`, each
 * line says the period a payment made then covers and its renewal (the quote answer; an
 * order answer says what was sold, without them).
 */
export function quoteToWire(
  quote: Quote,
  lang: Language,
  options: { now?: Date } = {},
): QuoteAnswer {
  const answer: QuoteAnswer = {
    lines: quote.lines.map((line) => {
      const wire: QuoteLineResponse = {
        template_id: line.templateId,
        quantity: line.quantity,
        unit_price: centsToDecimalString(line.unitPriceCents),
        subtotal: centsToDecimalString(line.subtotalCents),
        discount: centsToDecimalString(line.discountCents),
        total: centsToDecimalString(line.taxableCents),
      };
      if (line.billingCycle !== undefined) wire.billing_cycle = line.billingCycle;
      return options.now ? { ...wire, ...periodOf(line, options.now) } : wire;
    }),
    subtotal: centsToDecimalString(quote.subtotalCents),
    discount: centsToDecimalString(quote.discountCents),
    taxable: centsToDecimalString(quote.taxableCents),
    tax: centsToDecimalString(quote.taxCents),
    // Basis points written as hundredths give the percentage: 2000 -> "20.00", 810 -> "8.10".
    tax_rate: centsToDecimalString(quote.taxRateBasisPoints),
    reverse_charge: quote.reverseCharge,
    total: centsToDecimalString(quote.totalCents),
    tax_kind: quote.taxKind,
  };
  if (quote.mention) answer.mention = translateMessage(quote.mention, lang);
  return answer;
}
