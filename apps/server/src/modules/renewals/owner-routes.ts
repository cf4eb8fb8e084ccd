import {
  AutoRenewToggleSchema,
  ChangePlanQuoteRequestSchema,
  ChangePlanQuoteResponseSchema,
  ChangePlanRequestSchema,
} from '@cadran/domain/auto-renewal-api';
import { OwnedLicenseResponseSchema } from '@cadran/domain/license-api';
import { OrderCreateResponseSchema } from '@cadran/domain/orders';
import { quoteToWire } from '@cadran/domain/quote';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { mailBrand } from '../../mail/templates';
import { currentAccount } from '../auth/current-account';
import { answerOpenedOrder, unpaidOrderAnswer } from '../checkout/opened-order-answer';
import { orderRateLimit } from '../checkout/order-answers';
import { switchAutoRenew } from './auto-renew-switch';
import { placePlanChange } from './place-plan-change';
import { offerPlanChange, type PlanChangeRefusal } from './plan-change';

const PREFIX = '/api/v1/website/licenses';
const errors = errorAnswers(400, 401, 403, 404, 422, 429, 502);
const notFound = () => new HttpError(404, 'license.not_found');

const refusal = (result: PlanChangeRefusal): HttpError =>
  result.kind === 'not_found'
    ? notFound()
    : new HttpError(result.status, result.message, {
        ...(result.field ? { fieldErrors: { [result.field]: [result.message] } } : {}),
      });

/**
 * The owner's side of automatic renewal (docs/product.md 'Licences' ('Automatic renewal',
 * 'Plan changes')): turning it on or off, and changing plans. Another account's licence, an
 * unknown one and a malformed id all get the same 404.
 */
const renewalOwnerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const renewalDeps = { db: app.db, orders: app.orders };

  app.put(
    `${PREFIX}/:id/auto-renew`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'Turn the automatic renewal of one of my licences on or off',
        params: IdParamsSchema,
        body: AutoRenewToggleSchema,
        response: { 200: OwnedLicenseResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = requestLanguage(request);
      const account = currentAccount(request);
      const result = await switchAutoRenew(
        {
          db: app.db,
          brand: mailBrand(app.config),
          now: () => app.licenses.now(),
          wakeMail: () => app.mailer.wake(),
        },
        account.id,
        request.params.id,
        request.body.enabled,
        lang,
      );
      if (result.kind === 'not_found') throw notFound();
      if (result.kind === 'no_method') {
        throw new HttpError(422, 'auto_renew.no_method', {
          fieldErrors: { enabled: ['auto_renew.no_method'] },
        });
      }
      const license = await app.licenses.findOwned(account.id, request.params.id, lang);
      if (!license) throw notFound();
      request.log.info(
        {
          licenseId: license.id,
          enabled: request.body.enabled,
          changed: result.kind === 'switched',
        },
        'automatic renewal switched',
      );
      return {
        success: true as const,
        license,
        message: localize(
          request.body.enabled ? 'auto_renew.turned_on' : 'auto_renew.turned_off',
          lang,
        ),
      };
    },
  );

  app.post(
    `${PREFIX}/:id/change-plan/quote`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'Price moving one of my licences to another plan or cycle',
        params: IdParamsSchema,
        body: ChangePlanQuoteRequestSchema,
        response: { 200: ChangePlanQuoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = requestLanguage(request);
      const now = new Date();
      const offer = await offerPlanChange(
        renewalDeps,
        currentAccount(request).id,
        request.params.id,
        request.body,
        now,
      );
      if (offer.kind !== 'offer') throw refusal(offer);
      return {
        success: true as const,
        quote: { ...quoteToWire(offer.priced.quote, lang, { now }), effective: offer.effective },
      };
    },
  );

  app.post(
    `${PREFIX}/:id/change-plan`,
    {
      onRequest: [app.requireUser, orderRateLimit(app)],
      schema: {
        tags: ['licenses'],
        summary:
          'Move one of my licences to another plan: an upgrade is an order of the prorated difference; a downgrade waits for the next renewal',
        params: IdParamsSchema,
        body: ChangePlanRequestSchema,
        response: {
          200: OwnedLicenseResponseSchema,
          201: OrderCreateResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = requestLanguage(request);
      const account = currentAccount(request);
      const result = await placePlanChange(
        { ...renewalDeps, payments: app.payments, ordersRepository: app.orders.repository },
        account.id,
        request.params.id,
        request.body,
        lang,
        new Date(),
      );
      if (result.kind === 'not_found' || result.kind === 'refused') throw refusal(result);
      if (result.kind === 'scheduled') {
        const license = await app.licenses.findOwned(account.id, result.licenseId, lang);
        if (!license) throw notFound();
        return reply.code(200).send({
          success: true as const,
          license,
          message: localize('plan_change.scheduled', lang),
        });
      }
      return answerOpenedOrder(request, reply, result, {
        language: lang,
        answer: unpaidOrderAnswer(app.payments, lang),
        message: 'plan_change.order_created',
        created: {
          message: 'plan change order created',
          facts: { licenseId: request.params.id, userId: account.id },
        },
      });
    },
  );

  done();
};

export default renewalOwnerRoutes;
