import { QuoteRequestSchema, QuoteResponseSchema, quoteToWire } from '@cadran/domain/quote';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers } from '../../http/route-schemas';
import { quoteAutoRenew, refuseTransferAutoRenew } from './auto-renew-consent';
import { countUnknownPromo, refuseWhileGuessing } from './promo-guessing';

/**
 * Per address: the cart and the checkout ask again as the buyer changes a quantity, the
 * country, the VAT number or the code, a few times a minute at most.
 */
export const QUOTE_RATE_LIMIT = { name: 'quote', max: 120, windowMs: 10 * 60 * 1000 };

const errors = errorAnswers(400, 429);

/**
 * POST /api/v1/website/quote (docs/product.md 'Prices and VAT'): the price of a cart as the
 * order would be priced, for anyone; a signed-in customer's own uses of a promo code count
 * against its per-customer limit. Refusals (a template no longer sold, a VAT number VIES does
 * not know, a promo code refused) are 400s with field errors, like a malformed payload.
 */
const quoteRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/api/v1/website/quote',
    {
      onRequest: [app.loadAuth, app.rateLimiter.hook(QUOTE_RATE_LIMIT)],
      schema: {
        tags: ['orders'],
        summary: 'Price a cart: lines, promo discount, VAT of the billing country and VAT number',
        body: QuoteRequestSchema,
        response: { 200: QuoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      refuseTransferAutoRenew(request.body);
      await refuseWhileGuessing(app, request, request.body.promo_code);
      const result = await app.orders.quote(request.body, request.auth?.account.id ?? null);
      if (result.kind === 'rejected') {
        if (result.promoRefusal === 'unknown') await countUnknownPromo(app, request);
        const keys = Object.values(result.errors).flat();
        throw new HttpError(400, keys.length === 1 && keys[0] ? keys[0] : 'validation.failed', {
          fieldErrors: result.errors,
        });
      }
      const now = new Date();
      return {
        success: true as const,
        quote: {
          ...quoteToWire(result.quote, lang, { now }),
          vat_number_status: result.vatNumberStatus,
          ...quoteAutoRenew(result.quote, request.body.auto_renew, now),
        },
      };
    },
  );
  done();
};

export default quoteRoutes;
