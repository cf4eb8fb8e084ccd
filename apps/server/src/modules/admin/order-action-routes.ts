import { parseMoneyToCents } from '@cadran/domain/money';
import {
  AdminOrderActionResponseSchema,
  MarkPaidResponseSchema,
  MarkPaidSchema,
  StaffCancelSchema,
  StaffRefundSchema,
} from '@cadran/domain/staff-orders';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { markTransferPaid } from './mark-transfer-paid';
import { adminOrderDetail } from './order-detail';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** When the transfer arrived: a day is its Paris midnight; never in the future. */
async function detailOf(app: Pick<FastifyInstance, 'db' | 'licenses'>, orderId: string) {
  const order = await adminOrderDetail(app.db, orderId, app.licenses.now());
  if (!order) throw new HttpError(404, 'orders.not_found');
  return order;
}

/**
 * What staff do to an order (docs/product.md 'Back office'): record a bank transfer (support
 * too), cancel an unpaid order and refund a paid one (administrators). Each writes its audit
 * entry; a refused action changes nothing.
 */
const adminOrderActionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/orders/:id/mark-paid',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Record a bank transfer: issues the licences and sends the confirmation',
        description:
          'Give `amount` when the transfer differs from the order total: a different amount flags the order for review instead of fulfilling it. `paid_at` is the payment date printed on the invoice: not before the order was placed, not in the future (400). The invoice is dated and numbered when it is issued, and the licence term starts then.',
        params: IdParamsSchema,
        body: MarkPaidSchema,
        response: { 200: MarkPaidResponseSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
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
        {
          amountCents,
          note: request.body.note,
          paidAt: request.body.paid_at,
          reference: request.body.reference,
        },
        staffActor(request),
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'orders.not_found');
      if (result.kind === 'not_transfer')
        throw new HttpError(409, 'payment.mark_paid.not_transfer');
      if (result.kind === 'already_paid')
        throw new HttpError(409, 'payment.mark_paid.already_paid');
      if (result.kind === 'not_payable') throw new HttpError(409, 'payment.mark_paid.not_payable');
      if (result.kind === 'bad_paid_at') {
        throw new HttpError(400, 'validation.failed', {
          fieldErrors: { paid_at: [result.problem] },
        });
      }
      request.log.info(
        { adminId: currentAccount(request).id, orderId: result.order.id, outcome: result.outcome },
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

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel a pending, unpaid order (409 otherwise); its open payment is closed',
        params: IdParamsSchema,
        body: StaffCancelSchema,
        response: { 200: AdminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await app.payments.cancelAsStaff(
        request.params.id,
        staffActor(request),
        request.body.reason ?? '',
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'orders.not_found');
      if (result.kind === 'not_cancellable') {
        throw new HttpError(409, 'admin.cancel.not_cancellable');
      }
      request.log.info(
        { adminId: currentAccount(request).id, orderId: request.params.id },
        'order cancelled by staff',
      );
      return {
        success: true as const,
        order: await detailOf(app, request.params.id),
        message: localize('admin.cancel.done', requestLanguage(request)),
      };
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order in full through the provider that took the money',
        description:
          'Issues the credit note, revokes the licences, marks the payment refunded and emails the buyer with the credit note. Only a full refund: `amount` (cents), when given, must be the amount paid. 409 when not paid or already refunded; 502 when the provider refuses or is down (nothing changed).',
        params: IdParamsSchema,
        body: StaffRefundSchema,
        response: { 200: AdminOrderActionResponseSchema, ...errorAnswers(502), ...errors },
      },
    },
    async (request) => {
      const result = await app.fulfilment.refund(request.params.id, {
        reason: request.body.reason,
        amountCents: request.body.amount,
        actor: staffActor(request),
      });
      switch (result.kind) {
        case 'not_found':
          throw new HttpError(404, 'orders.not_found');
        case 'not_paid':
          throw new HttpError(409, 'admin.refund.not_paid');
        case 'already_refunded':
          throw new HttpError(409, 'admin.refund.already_refunded');
        case 'partial_refused':
          throw new HttpError(400, 'validation.failed', {
            fieldErrors: { amount: ['admin.refund.partial_refused'] },
          });
        case 'provider_unavailable':
          throw new HttpError(502, 'admin.refund.provider_unavailable');
        case 'refunded':
          break;
      }
      app.licenses.forgetValidated(result.changedKeys);
      request.log.info(
        {
          adminId: currentAccount(request).id,
          orderId: result.order.id,
          refundId: result.refund.id,
        },
        'order refunded by staff',
      );
      return {
        success: true as const,
        order: await detailOf(app, result.order.id),
        message: localize(
          result.refund.provider === 'bank_transfer'
            ? 'admin.refund.done_by_hand'
            : 'admin.refund.done',
          requestLanguage(request),
        ),
      };
    },
  );

  done();
};

export default adminOrderActionRoutes;
