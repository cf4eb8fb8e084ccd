import {
  OrderCancelResponseSchema,
  OrderCancelSchema,
  OrderCreateResponseSchema,
  OrderCreateSchema,
  OrderResponseSchema,
  PaymentMethodsResponseSchema,
  PaymentStatusResponseSchema,
} from '@cadran/domain/orders';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../orders/idempotency';
import { paymentMethodOptions } from '../payments/payment-method-options';
import { refuseTransferAutoRenew } from './auto-renew-consent';
import { checkout } from './checkout';
import { answerOpenedOrder } from './opened-order-answer';
import { buyerOnly, orderAnswers, orderNotFound, orderRateLimit } from './order-answers';
import { countUnknownPromo, refuseWhileGuessing } from './promo-guessing';

const PREFIX = '/api/v1/website';

const errors = errorAnswers(400, 401, 403, 404, 409, 422, 429, 502);

// Any text is accepted here and checked in the handler, as for an id: a malformed number names
// no order, so it gets the same 404 as a foreign or unknown one (never a 500, never a hint).
const NumberParamsSchema = z.object({ orderNumber: z.string().max(100) });

const notFound = orderNotFound;

/**
 * Orders (docs/product.md 'Checkout' ('Submitting'), 'Orders'). Every order call needs a session;
 * an order is only ever visible to its owner, and anyone else gets the same 404 as for an unknown
 * order.
 */
const ordersRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { answer, readAnswer } = orderAnswers(app);

  // Answers carry personal data (billing address): no shared cache may keep them.
  app.addHook('onRequest', (request, reply, hookDone) => {
    if (request.url.startsWith(`${PREFIX}/orders`)) reply.header('cache-control', 'no-store');
    hookDone();
  });

  const requireBuyer = buyerOnly(app);
  const limitOrderCreation = orderRateLimit(app);

  app.post(
    `${PREFIX}/orders`,
    {
      // Auth and the limit run before the body is validated: a visitor learns nothing about
      // payloads without a session, and invalid attempts count against the limit too.
      onRequest: [requireBuyer, limitOrderCreation],
      schema: {
        tags: ['orders'],
        summary: 'Place an order; amounts are recomputed by the server',
        description:
          'Send an Idempotency-Key header (1 to 200 visible ASCII characters) to make retries safe: the same key and body replay the first answer, the same key with another body gets 409.',
        body: OrderCreateSchema,
        response: { 201: OrderCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      if (!key.ok) {
        throw new HttpError(400, 'orders.idempotency_key_invalid', {
          fieldErrors: { 'Idempotency-Key': ['orders.idempotency_key_invalid'] },
        });
      }
      refuseTransferAutoRenew(request.body);
      const account = currentAccount(request);
      await refuseWhileGuessing(app, request, request.body.promo_code);
      const result = await checkout({ orders: app.orders, payments: app.payments }, account, {
        body: request.body,
        idempotencyKey: key.key,
        language: lang,
      });
      if (result.kind === 'key_reused') throw new HttpError(409, 'orders.idempotency_key_reused');
      if (result.kind === 'rejected') {
        if (result.promoRefusal === 'unknown') await countUnknownPromo(app, request);
        // One problem is named in the message itself; several get the generic summary.
        const keys = Object.values(result.errors).flat();
        const message = keys.length === 1 && keys[0] ? keys[0] : 'validation.failed';
        throw new HttpError(422, message, { fieldErrors: result.errors });
      }
      return answerOpenedOrder(request, reply, result, {
        language: lang,
        answer: (stored) => answer(stored, lang),
        message: 'orders.created',
        created: { message: 'order created', facts: { userId: account.id } },
      });
    },
  );

  app.get(
    `${PREFIX}/orders/number/:orderNumber`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One of my orders, by its number (order success page)',
        params: NumberParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const found = await app.orders.findByNumber(
        request.params.orderNumber,
        currentAccount(request).id,
      );
      if (!found) throw notFound();
      return { success: true as const, order: await readAnswer(found, requestLanguage(request)) };
    },
  );

  app.get(
    `${PREFIX}/orders/:id`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One of my orders, by id',
        params: IdParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const found = await app.orders.findById(request.params.id, currentAccount(request).id);
      if (!found) throw notFound();
      return { success: true as const, order: await readAnswer(found, requestLanguage(request)) };
    },
  );

  app.get(
    `${PREFIX}/orders/:id/payment-status`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Order and payment status of one of my orders',
        params: IdParamsSchema,
        response: { 200: PaymentStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const found = await app.orders.findById(request.params.id, currentAccount(request).id);
      if (!found) throw notFound();
      const [licenseCount, renewed] = await Promise.all([
        app.licenses.countForOrder(found.order.id),
        app.licenses.renewedByOrder(found.order.id),
      ]);
      return {
        success: true as const,
        status: found.order.status,
        payment_status: found.order.paymentStatus,
        license_count: licenseCount,
        renewed_license: renewed && {
          license_key: renewed.licenseKey,
          expires_at: renewed.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    `${PREFIX}/orders/:id/cancel`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel one of my orders while it is pending and unpaid',
        params: IdParamsSchema,
        body: OrderCancelSchema,
        response: { 200: OrderCancelResponseSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const account = currentAccount(request);
      const result = await app.payments.cancel(request.params.id, account.id, request.body.reason);
      if (result.kind === 'not_found') throw notFound();
      if (result.kind === 'not_cancellable') throw new HttpError(409, 'orders.cancel_forbidden');
      request.log.info({ orderId: result.order.order.id, userId: account.id }, 'order cancelled');
      return {
        success: true as const,
        order: await answer(result.order, lang),
        message: localize('orders.cancelled', lang),
      };
    },
  );

  app.get(
    `${PREFIX}/payment-methods`,
    {
      schema: {
        tags: ['orders'],
        summary: 'Payment methods offered at checkout',
        response: { 200: PaymentMethodsResponseSchema },
      },
    },
    (request) => ({
      success: true as const,
      payment_methods: paymentMethodOptions(requestLanguage(request), (method) =>
        app.payments.isAvailable(method),
      ),
    }),
  );

  done();
};

export default ordersRoutes;
