import {
  ManualOrderCreateResponseSchema,
  ManualOrderCreateSchema,
  ManualOrderQuoteResponseSchema,
  ManualOrderQuoteSchema,
} from '@cadran/domain/staff-manual-order';
import { quoteToWire } from '@cadran/domain/quote';
import type { MessageKey } from '@cadran/domain/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../orders/idempotency';
import { placeManualOrder, quoteManualOrder, type ManualOrderDeps } from './manual-order';
import { staffActor } from './staff-actor';

const REFUSALS = {
  customer_unknown: [404, 'admin.manual_order.customer_unknown'],
  incomplete_profile: [409, 'admin.manual_order.incomplete_profile'],
  customer_locked: [409, 'admin.manual_order.customer_locked'],
  method_unavailable: [409, 'admin.manual_order.method_unavailable'],
  key_reused: [409, 'orders.idempotency_key_reused'],
} as const;

/** Field errors of a refused pricing, as a 400 naming the one problem when there is one. */
function pricingRefused(errors: Record<string, MessageKey[]>): HttpError {
  const keys = Object.values(errors).flat();
  return new HttpError(400, keys.length === 1 && keys[0] ? keys[0] : 'validation.failed', {
    fieldErrors: errors,
  });
}

/**
 * Staff place an order for a customer by hand (docs/product.md 'Back office'): the quote, then
 * the order with its payment link or bank details e-mailed. Administrators only (support staff
 * get 403 from the area's guard); audited. Mounted under /api/v1/admin.
 */
const adminManualOrderRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = (): ManualOrderDeps => ({
    db: app.db,
    orders: app.orders,
    payments: app.payments,
    brand: app.config,
  });

  app.post(
    '/orders/manual/quote',
    {
      schema: {
        tags: ['admin'],
        summary: 'Price an order for a customer, as their own checkout would',
        description:
          '`customer` is the account’s id or e-mail. The VAT follows the country and VAT number of the customer’s profile (asked of VIES), the promo code counts the customer’s own uses. 404 for an unknown customer, 400 with field errors for a template no longer sold or a refused code.',
        body: ManualOrderQuoteSchema,
        response: { 200: ManualOrderQuoteResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await quoteManualOrder(deps(), request.body);
      if (result.kind === 'rejected') throw pricingRefused(result.errors);
      if (result.kind !== 'quoted') {
        const [status, key] = REFUSALS[result.kind];
        throw new HttpError(status, key);
      }
      return {
        success: true as const,
        customer: result.customer,
        quote: {
          ...quoteToWire(result.quote.quote, requestLanguage(request), { now: new Date() }),
          vat_number_status: result.quote.vatNumberStatus,
        },
      };
    },
  );

  app.post(
    '/orders/manual',
    {
      schema: {
        tags: ['admin'],
        summary: 'Place an order for a customer: a payment link or a bank transfer',
        description:
          '`payment_method` `stripe` or `paypal` e-mails the provider’s payment link to the customer’s account; `bank_transfer` e-mails the bank details. Priced as the quote; the order is in the customer’s language, its history and the audit trail name the staff member. Send an Idempotency-Key header to make a retry answer the same order.',
        body: ManualOrderCreateSchema,
        response: {
          201: ManualOrderCreateResponseSchema,
          200: ManualOrderCreateResponseSchema,
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      if (!key.ok) {
        throw new HttpError(400, 'orders.idempotency_key_invalid', {
          fieldErrors: { 'Idempotency-Key': ['orders.idempotency_key_invalid'] },
        });
      }
      const result = await placeManualOrder(deps(), request.body, staffActor(request), key.key);
      if (result.kind === 'rejected') throw pricingRefused(result.errors);
      if (result.kind !== 'placed') {
        const [status, messageKey] = REFUSALS[result.kind];
        throw new HttpError(status, messageKey);
      }
      app.mailer.wake();
      const number = result.order.order.orderNumber;
      const message = result.providerUnavailable
        ? 'admin.manual_order.provider_unavailable'
        : result.order.order.paymentMethod === 'bank_transfer'
          ? 'admin.manual_order.transfer_sent'
          : 'admin.manual_order.link_sent';
      reply.code(result.replayed ? 200 : 201);
      return {
        success: true as const,
        order: { id: result.order.order.id, order_number: number },
        payment_url: result.paymentUrl,
        message: localize(message, requestLanguage(request), { number, email: result.to }),
      };
    },
  );

  done();
};

export default adminManualOrderRoutes;
