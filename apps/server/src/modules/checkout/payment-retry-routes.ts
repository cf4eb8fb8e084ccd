import { PaymentRetryResponseSchema, PaymentRetrySchema } from '@cadran/domain/orders';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { ProviderUnavailableError } from '../payments/provider';
import type { RetryPaymentResult } from '../payments/retry-payment';
import { methodUnavailable } from './opened-order-answer';
import { buyerOnly, orderAnswers, orderNotFound, orderRateLimit } from './order-answers';

const errors = errorAnswers(400, 401, 403, 404, 409, 422, 429, 502);

/**
 * POST /api/v1/website/orders/{id}/payments: the buyer pays again, on the same order, a payment
 * that was declined or expired (docs/decisions/020-payment-attempts-per-order.md). Owner only:
 * anyone else, like a malformed or unknown id, gets the order's 404.
 */
const paymentRetryRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { answer } = orderAnswers(app);

  app.post(
    '/api/v1/website/orders/:id/payments',
    {
      // Counted like an order creation: each attempt opens a session at the provider.
      onRequest: [buyerOnly(app), orderRateLimit(app)],
      schema: {
        tags: ['orders'],
        summary: 'Pay again one of my orders whose last payment was declined or expired',
        description:
          "Opens a new payment attempt on the same order and answers where to pay it, by the order's method or the `payment_method` given (a bank transfer answers no `payment_url`: the order waits for the transfer, whose details are mailed). 409 when the order is paid, cancelled, under review or paid by bank transfer, has an attempt still open (its `payment_url` is in the order read), or renews a licence automatically and a transfer is asked; 422 for a method this installation does not take.",
        params: IdParamsSchema,
        body: PaymentRetrySchema,
        response: { 201: PaymentRetryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const account = currentAccount(request);
      let result: RetryPaymentResult;
      try {
        result = await app.payments.retry(
          request.params.id,
          account.id,
          request.body.payment_method,
        );
      } catch (error) {
        // The attempt stays 'created': the next retry opens it at the provider again.
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.error({ err: error, orderId: request.params.id }, 'payment not opened');
        throw new HttpError(502, 'payment.provider_unavailable');
      }
      if (result.kind === 'not_found') throw orderNotFound();
      if (result.kind === 'not_payable') throw new HttpError(409, 'payment.retry.not_payable');
      if (result.kind === 'attempt_open') throw new HttpError(409, 'payment.retry.attempt_open');
      if (result.kind === 'transfer_renews') {
        throw new HttpError(409, 'payment.retry.transfer_renews', {
          fieldErrors: { payment_method: ['payment.retry.transfer_renews'] },
        });
      }
      if (result.kind === 'method_unavailable') throw methodUnavailable();
      request.log.info(
        { orderId: result.order.order.id, userId: account.id },
        'payment attempt opened again',
      );
      return reply.code(201).send({
        success: true as const,
        order: await answer(result.order, lang),
        payment_url: result.paymentUrl,
        message: localize(
          result.order.order.paymentMethod === 'bank_transfer'
            ? 'payment.retry.transfer'
            : 'payment.retry.started',
          lang,
        ),
      });
    },
  );
  done();
};

export default paymentRetryRoutes;
