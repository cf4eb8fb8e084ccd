import { WithdrawalResponseSchema } from '@cadran/domain/auto-renewal-api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { mailBrand } from '../../mail/templates';
import { currentAccount } from '../auth/current-account';
import { orderNotFound } from '../checkout/order-answers';
import { requestWithdrawal } from './withdrawal';

/**
 * POST /api/v1/website/orders/{id}/withdrawal (docs/product.md 'Orders' ('Withdrawal')): the
 * second step of the withdrawal function, the confirmation. 201 when recorded, 200 when it
 * already was; a business buyer's order, one never paid or past its period get a 422 in the
 * visitor's language; another account's order the same 404 as an unknown one.
 */
const withdrawalRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/api/v1/website/orders/:id/withdrawal',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Withdraw from one of my orders (consumers, within 30 days of the payment)',
        params: IdParamsSchema,
        body: z.object({}, { error: 'validation.invalid' }).strict().optional(),
        response: {
          200: WithdrawalResponseSchema,
          201: WithdrawalResponseSchema,
          ...errorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = requestLanguage(request);
      const account = currentAccount(request);
      const result = await requestWithdrawal(
        { db: app.db, brand: mailBrand(app.config), wakeMail: () => app.mailer.wake() },
        account.id,
        request.params.id,
        lang,
        app.licenses.now(),
      );
      if (result.kind === 'not_found') throw orderNotFound();
      if (result.kind === 'refused') {
        throw new HttpError(422, result.message, { params: result.params });
      }
      if (result.kind === 'recorded') {
        request.log.info({ orderId: request.params.id }, 'withdrawal requested');
      }
      return reply.code(result.kind === 'recorded' ? 201 : 200).send({
        success: true as const,
        withdrawal: result.withdrawal,
        message: localize('withdrawal.received', lang),
      });
    },
  );
  done();
};

export default withdrawalRoutes;
