import { LicenseRenewSchema, RenewalQuoteResponseSchema } from '@cadran/domain/license-api';
import { quoteToWire } from '@cadran/domain/quote';
import { OrderCreateResponseSchema } from '@cadran/domain/orders';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { answerOpenedOrder, unpaidOrderAnswer } from './opened-order-answer';
import { orderRateLimit } from './order-answers';
import { renewLicense } from './renew-license';

const errors = errorAnswers(400, 401, 403, 404, 409, 422, 429, 502);

/**
 * `POST /api/v1/website/licenses/{id}/renew` (docs/product.md 'Licences' ('Renewal')): the
 * owner orders one more term of a licence and is answered like an order's creation: the
 * order and where to pay it. It counts against the account's order-creation limit.
 */
const renewalRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/v1/website/licenses/:id/renew/quote',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'Price renewing one of my licences by hand: the amount and its VAT, before paying',
        params: IdParamsSchema,
        response: { 200: RenewalQuoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = new Date();
      const result = await app.licenses.quoteRenewal({
        licenseId: request.params.id,
        userId: currentAccount(request).id,
      });
      if (result.kind === 'not_found') throw new HttpError(404, 'license.not_found');
      if (result.kind === 'not_renewable') throw new HttpError(422, 'license.not_renewable');
      return {
        success: true as const,
        quote: quoteToWire(result.priced.quote, requestLanguage(request), { now }),
      };
    },
  );

  app.post(
    '/api/v1/website/licenses/:id/renew',
    {
      onRequest: [app.requireUser, orderRateLimit(app)],
      schema: {
        tags: ['licenses'],
        summary: 'Renew one of my licences: a renewal order at its renewal price, and its payment',
        params: IdParamsSchema,
        body: LicenseRenewSchema,
        response: { 201: OrderCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = requestLanguage(request);
      const account = currentAccount(request);
      const result = await renewLicense(
        { licenses: app.licenses, payments: app.payments },
        account,
        {
          licenseId: request.params.id,
          paymentMethod: request.body.payment_method,
          language: lang,
        },
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'license.not_found');
      if (result.kind === 'not_renewable') throw new HttpError(422, 'license.not_renewable');
      if (result.kind === 'renewal_open') throw new HttpError(409, 'license.renewal_already_open');
      return answerOpenedOrder(request, reply, result, {
        language: lang,
        answer: unpaidOrderAnswer(app.payments, lang),
        message: 'license.renewal_created',
        created: {
          message: 'renewal order created',
          facts: { licenseId: request.params.id, userId: account.id },
        },
      });
    },
  );

  done();
};

export default renewalRoutes;
