import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nextIp, sameOrigin } from './auth-helpers';
import type { Buyer } from './orders-helpers';

/** Shared requests of the quote and promo code suites. */

export const QUOTE = '/api/v1/website/quote';

export interface QuoteAnswer {
  lines: {
    template_id: number;
    billing_cycle?: string;
    quantity: number;
    unit_price: string;
    subtotal: string;
    discount: string;
    total: string;
    period_start?: string;
    renews_on?: string;
    renewal_price?: string;
  }[];
  subtotal: string;
  discount: string;
  taxable: string;
  tax: string;
  tax_rate: string;
  reverse_charge: boolean;
  total: string;
  mention?: string;
  tax_kind?: string;
  vat_number_status?: string;
}

/**
 * A quote's lines as an order answer gives them: without the period and renewal only the quote
 * says (docs/decisions/021-the-screens-show-the-server-quote.md).
 */
export const pricedLines = (lines: QuoteAnswer['lines']) =>
  lines.map(
    ({ period_start: _start, renews_on: _renews, renewal_price: _renewal, ...line }) => line,
  );

export interface ErrorAnswer {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
}

/** Asks for a quote, as a visitor (no buyer) or a signed-in customer, from a fresh address. */
export function quote(
  app: FastifyInstance,
  payload: unknown,
  options: { who?: Buyer | null; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: QUOTE,
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...(options.who?.headers ?? sameOrigin(app)), ...options.headers },
    payload: payload as Record<string, unknown>,
  });
}

export const quoteOf = (res: LightMyRequestResponse) =>
  res.json<{ success: true; quote: QuoteAnswer }>().quote;
