import { ApiErrorSchema, successEnvelope } from '@cadran/domain/api';
import {
  SandboxDecisionResponseSchema,
  SandboxDecisionSchema,
  SandboxPaymentResponseSchema,
} from '@cadran/domain/payments';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { PAYPAL_RETURN_PATH } from '../payments/paypal-provider';
import { ProviderUnavailableError, WebhookVerificationError } from '../payments/provider';
import { webhookRateLimit } from '../payments/webhook-rate-limit';

const PREFIX = '/api/v1/website/payments';

const errors = errorAnswers(400, 401, 403, 404, 503);

const PaymentParamsSchema = z.object({ paymentId: z.string().max(100) });
const WebhookAnswerSchema = successEnvelope({ received: z.literal(true) });
const PaypalReturnQuerySchema = z.object({
  token: z.string().max(100).optional(),
  PayerID: z.string().max(100).optional(),
});

const paymentNotFound = () => new HttpError(404, 'payment.not_found');

/**
 * Provider webhooks (docs/product.md 'Payment' ('Webhooks')). Signatures are computed over the
 * exact bytes sent, so these routes live in their own context whose JSON parser keeps the raw body;
 * the CSRF guard exempts their paths (plugins/csrf.ts), since providers authenticate with
 * signatures.
 */
function webhookRoutes(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
  // Replaces the root parser (plugins/json-body.ts) in this context only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) =>
    parsed(null, body),
  );

  for (const provider of ['stripe', 'paypal'] as const) {
    app.post(
      `${PREFIX}/${provider}/webhook`,
      {
        // Counted before the body is read or anything is asked of the provider.
        onRequest: app.rateLimiter.hook(webhookRateLimit(provider)),
        schema: {
          tags: ['payments'],
          summary: `${provider === 'stripe' ? 'Stripe' : 'PayPal'} webhook (signed by the provider)`,
          response: { 200: WebhookAnswerSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const result = await app.fulfilment.receiveWebhook(provider, raw, request.headers);
          if (!result) throw new HttpError(404, 'error.not_found');
        } catch (error) {
          if (error instanceof WebhookVerificationError) {
            request.log.warn({ provider, reason: error.message }, 'payment webhook refused');
            throw new HttpError(400, 'payment.webhook_invalid');
          }
          // PayPal's verification call failed: 503 makes PayPal deliver the event again later.
          if (error instanceof ProviderUnavailableError) {
            request.log.error({ err: error, provider }, 'payment webhook could not be verified');
            throw new HttpError(503, 'payment.provider_unavailable');
          }
          throw error;
        }
        return { success: true as const, received: true as const };
      },
    );
  }
  done();
}

/**
 * Payments seen from the browser (docs/product.md 'Payment'): the sandbox page's reads and
 * decisions (owner only, same-origin JSON through the CSRF guard) and the return from PayPal.
 */
const paymentsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onRequest', (request, reply, hookDone) => {
    if (request.url.startsWith(PREFIX)) reply.header('cache-control', 'no-store');
    hookDone();
  });

  void app.register(webhookRoutes);

  app.get(
    `${PREFIX}/sandbox/:paymentId`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A sandbox payment of mine (test page)',
        params: PaymentParamsSchema,
        response: { 200: SandboxPaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const payment = await app.payments.sandboxPayment(
        request.params.paymentId,
        currentAccount(request).id,
      );
      if (!payment) throw paymentNotFound();
      return { success: true as const, payment };
    },
  );

  app.post(
    `${PREFIX}/sandbox/:paymentId`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Pay or decline a sandbox payment of mine; runs the real fulfilment',
        params: PaymentParamsSchema,
        body: SandboxDecisionSchema,
        response: { 200: SandboxDecisionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      const decided = await app.fulfilment.decideSandbox(
        request.params.paymentId,
        account.id,
        request.body,
        requestLanguage(request),
      );
      if (!decided) throw paymentNotFound();
      request.log.info(
        { paymentId: decided.payment.id, userId: account.id, decision: request.body.decision },
        'sandbox payment decided',
      );
      return {
        success: true as const,
        payment: decided.payment,
        redirect_url: decided.redirectUrl,
      };
    },
  );

  app.get(
    PAYPAL_RETURN_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: 'Where PayPal sends the buyer back: captures, then redirects to our pages',
        querystring: PaypalReturnQuerySchema,
      },
    },
    async (request, reply) => {
      const target = await app.fulfilment.returnFromPaypal(request.query.token ?? '');
      return reply.redirect(target, 303);
    },
  );

  done();
};

export default paymentsRoutes;
