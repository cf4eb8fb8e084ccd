import type { OrderVatNumberStatus } from '@cadran/domain/orders';
import type { PromoRefusal } from '@cadran/domain/promo-codes';
import type { Quote, QuoteRequest } from '@cadran/domain/quote';
import {
  applyPricing,
  preparePricing,
  type FieldErrors,
  type PricingDeps,
  type PricingPaths,
} from './price-request';

export type QuoteOrderResult =
  | { kind: 'quoted'; quote: Quote; vatNumberStatus: OrderVatNumberStatus }
  | { kind: 'rejected'; errors: FieldErrors; promoRefusal?: PromoRefusal };

const QUOTE_PATHS: PricingPaths = { vatNumber: 'vat_number', promoCode: 'promo_code' };

/**
 * The price of a cart before it is ordered (POST /api/v1/website/quote): the same steps as
 * placing the order (price-request.ts), nothing written but the VIES answer's cache. A
 * signed-in customer's own uses of the code count against its per-customer limit.
 */
export async function quoteOrder(
  deps: PricingDeps,
  request: QuoteRequest,
  userId: string | null,
): Promise<QuoteOrderResult> {
  const prepared = await preparePricing(
    deps,
    { items: request.items, country: request.country, vatNumber: request.vat_number },
    QUOTE_PATHS,
  );
  if (!prepared.ok) return { kind: 'rejected', errors: prepared.errors };
  const priced = await applyPricing(deps, prepared.prepared, {
    promoCode: request.promo_code,
    userId,
    now: new Date(),
    paths: QUOTE_PATHS,
  });
  if (!priced.ok) {
    return {
      kind: 'rejected',
      errors: priced.errors,
      ...(priced.promoRefusal ? { promoRefusal: priced.promoRefusal } : {}),
    };
  }
  const vat = prepared.prepared.vatNumber;
  return {
    kind: 'quoted',
    quote: priced.quote,
    // As the order records it: a number VIES could not confirm was checked by format only.
    vatNumberStatus: vat ? (vat.status === 'verified' ? 'verified' : 'format_checked') : 'none',
  };
}
