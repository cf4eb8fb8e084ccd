import { parseMoneyToCents } from '@cadran/domain/money';
import {
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  MarkPaidResponseSchema,
  MarkPaidSchema,
} from '@cadran/domain/payments';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { markTransferPaid } from './mark-transfer-paid';
import { listAdminOrders } from './orders-query';

import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * Back-office orders (docs/product.md 'Back office'): the list with its filters, and the recording
 * of a bank transfer seen on the statement, which runs the same fulfilment as a provider's webhook.
 * Mounted under /api/v1/admin, whose guard has already required an administrator.
 */
const adminOrderRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/orders',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first, with filters and search',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listAdminOrders(app.db, request.query)),
    }),
  );

  app.post(
    '/orders/:id/mark-paid',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Record a bank transfer: issues the licences and sends the confirmation',
        description:
          'Give `amount` when the transfer differs from the order total: a different amount flags the order for review instead of fulfilling it.',
        params: IdParamsSchema,
        body: MarkPaidSchema,
        response: { 200: MarkPaidResponseSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const admin = currentAccount(request);
      // The wire format admits amounts above what money.ts handles (one billion euros).
      const amountCents =
        request.body.amount === undefined ? undefined : parseMoneyToCents(request.body.amount);
      if (amountCents === null) {
        throw new HttpError(400, 'validation.failed', {
          fieldErrors: { amount: ['validation.out_of_range'] },
        });
      }
      const result = await markTransferPaid(
        app,
        request.params.id,
        { amountCents, note: request.body.note },
        staffActor(request),
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'orders.not_found');
      if (result.kind === 'not_transfer')
        throw new HttpError(409, 'payment.mark_paid.not_transfer');
      if (result.kind === 'already_paid')
        throw new HttpError(409, 'payment.mark_paid.already_paid');
      if (result.kind === 'not_payable') throw new HttpError(409, 'payment.mark_paid.not_payable');
      request.log.info(
        { adminId: admin.id, orderId: result.order.id, outcome: result.outcome },
        'bank transfer recorded',
      );
      return {
        success: true as const,
        order: result.order,
        outcome: result.outcome,
        message: localize(
          result.outcome === 'fulfilled' ? 'payment.mark_paid.done' : 'payment.mark_paid.flagged',
          lang,
        ),
      };
    },
  );

  done();
};

export default adminOrderRoutes;
