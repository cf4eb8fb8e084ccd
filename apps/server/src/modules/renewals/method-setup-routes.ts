import { PaymentMethodUrlResponseSchema } from '@cadran/domain/auto-renewal-api';
import {
  MethodSetupDecisionResponseSchema,
  MethodSetupResponseSchema,
} from '@cadran/domain/method-setup-api';
import { SandboxDecisionSchema } from '@cadran/domain/payments';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { orderRateLimit } from '../checkout/order-answers';
import { decideSandboxSetup, sandboxSetupOf } from './sandbox-method-setup';
import { startMethodSetup } from './start-method-setup';

const LICENSES = '/api/v1/website/licenses';
const SANDBOX_SETUPS = '/api/v1/website/payment-methods/sandbox';
const errors = errorAnswers(400, 401, 403, 404, 422, 429, 503);
const SetupParamsSchema = z.object({ setupId: z.string().max(100) });
const setupNotFound = () => new HttpError(404, 'method_setup.not_found');

/**
 * Saving a new payment method for a licence's renewals (docs/product.md 'Licences' ('Automatic
 * renewal')): the owner asks where to save it, and, in the demo, saves a test method on the
 * sandbox's page. Another account's licence or setup gets the same 404 as an unknown one.
 */
const methodSetupRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    `${LICENSES}/:id/payment-method`,
    {
      onRequest: [app.requireUser, orderRateLimit(app)],
      schema: {
        tags: ['licenses'],
        summary: 'Where I save a new payment method for the renewals of one of my licences',
        params: IdParamsSchema,
        response: { 200: PaymentMethodUrlResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const account = currentAccount(request);
      const started = await startMethodSetup(
        {
          db: app.db,
          providerFor: (method) => app.payments.providerFor(method),
          warn: (facts, message) => request.log.warn(facts, message),
        },
        account.id,
        request.params.id,
        requestLanguage(request),
      );
      if (started.kind === 'not_found') throw new HttpError(404, 'license.not_found');
      if (started.kind === 'unavailable') throw new HttpError(503, 'method_setup.unavailable');
      request.log.info({ licenseId: request.params.id }, 'payment method setup opened');
      return { success: true as const, url: started.url };
    },
  );

  app.get(
    `${SANDBOX_SETUPS}/:setupId`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A sandbox payment method setup of mine (test page)',
        params: SetupParamsSchema,
        response: { 200: MethodSetupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const setup = await sandboxSetupOf(
        { db: app.db, sandbox: app.payments.sandbox },
        request.params.setupId,
        currentAccount(request).id,
      );
      if (!setup) throw setupNotFound();
      return { success: true as const, setup };
    },
  );

  app.post(
    `${SANDBOX_SETUPS}/:setupId`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Save a test method on a sandbox setup of mine, or keep the method on file',
        params: SetupParamsSchema,
        body: SandboxDecisionSchema,
        response: { 200: MethodSetupDecisionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = requestLanguage(request);
      const decided = await decideSandboxSetup(
        { db: app.db, sandbox: app.payments.sandbox, now: () => app.licenses.now() },
        request.params.setupId,
        currentAccount(request).id,
        request.body,
      );
      if (decided.kind === 'not_found') throw setupNotFound();
      if (decided.kind === 'refused') {
        throw new HttpError(422, decided.message, {
          fieldErrors: { card_number: [decided.message] },
        });
      }
      request.log.info(
        { setupId: decided.setup.id, saved: decided.saved },
        'sandbox payment method setup decided',
      );
      return {
        success: true as const,
        setup: decided.setup,
        saved: decided.saved,
        message: localize(decided.saved ? 'method_setup.saved' : 'method_setup.kept', lang),
        redirect_url: `/client/licences/${decided.setup.license_id}`,
      };
    },
  );

  done();
};

export default methodSetupRoutes;
