import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { isCountryCode } from '@cadran/domain/countries';
import type { PromoCode } from '@cadran/domain/promo-codes';
import { computeQuote, quoteLineFrom, quoteToWire } from '@cadran/domain/quote';
import { decideTaxTreatment } from '@cadran/domain/tax-treatment';
import { checkVatNumber } from '@cadran/domain/vat-number';
import { json } from './fetch';

/** A template as the test quote prices it. */
export interface QuotedTemplate {
  priceCents: number;
  setupFeeCents: number;
  renewalPriceCents: number;
  billingCycle: BillingCycle;
}

interface QuoteBody {
  items: {
    template_id: number;
    quantity: number;
    customizations?: { extra_domains?: number; extra_installations?: number };
  }[];
  country: string;
  vat_number?: string;
  promo_code?: string;
}

/** The date the test quote pretends to be paid on: periods start then. */
export const QUOTE_NOW = new Date('2026-11-24T10:00:00Z');

/**
 * The server's quote for the screens' tests, by the domain's own pricing (the server's
 * price-request.ts does the same): the templates given, any VAT number that passes the offline
 * check counted as VIES-confirmed, and the promo codes given; an unknown code is refused as the
 * server refuses it. It stands for the API, not for the rules, which have their own tests.
 */
export function quoteAnswer(
  rawBody: string,
  templates: ReadonlyMap<number, QuotedTemplate>,
  promos: readonly PromoCode[] = [],
): Response {
  const body = JSON.parse(rawBody) as QuoteBody;
  const country = isCountryCode(body.country) ? body.country : 'FR';
  const vat = body.vat_number ? checkVatNumber(body.vat_number, country) : null;
  if (vat && !vat.valid) {
    return json(400, {
      success: false,
      message: 'vat_number.invalid_format',
      errors: { vat_number: ['vat_number.invalid_format'] },
    });
  }
  const tax = decideTaxTreatment({
    country,
    vatNumber: vat?.valid ? { country: vat.country, status: 'verified' } : null,
  });
  const code = (body.promo_code ?? '').trim().toUpperCase();
  const result = computeQuote({
    lines: body.items.map((item) => {
      const template = templates.get(item.template_id);
      if (!template) throw new Error(`no test template ${item.template_id}`);
      return quoteLineFrom({
        templateId: item.template_id,
        billingCycle: template.billingCycle,
        template,
        customizations: {
          extra_domains: item.customizations?.extra_domains ?? 0,
          extra_installations: item.customizations?.extra_installations ?? 0,
        },
        quantity: item.quantity,
      });
    }),
    promo:
      code === ''
        ? null
        : {
            code: promos.find((promo) => promo.code === code) ?? null,
            context: { now: QUOTE_NOW, usesTotal: 0, usesByCustomer: 0 },
          },
    tax,
  });
  if (!result.ok) {
    const key = `promo.${result.reason}`;
    return json(400, { success: false, message: key, errors: { promo_code: [key] } });
  }
  return json(200, {
    success: true,
    quote: {
      ...quoteToWire(result.quote, 'fr', { now: QUOTE_NOW }),
      vat_number_status: vat?.valid ? 'verified' : 'none',
    },
  });
}
