import { ResendOrderMailResponseSchema, ResendOrderMailSchema } from '@cadran/domain/staff-orders';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { resendOrderMail } from './resend-order-mail';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const REFUSALS = {
  not_found: [404, 'orders.not_found'],
  not_paid: [409, 'admin.resend.not_paid'],
  not_awaiting_transfer: [409, 'admin.resend.not_awaiting_transfer'],
  no_recipient: [409, 'admin.resend.no_recipient'],
} as const;

/** Staff send an order's e-mail again (support too); mounted under /api/v1/admin. */
const adminResendMailRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/orders/:id/resend-mail',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Send an order e-mail again to the account that placed the order',
        description:
          '`mail`: `confirmation` (a paid order: its keys, or the renewed licence, with the invoice attached) or `transfer_instructions` (a transfer order still awaiting the money). Drawn anew in the order’s language, to the account’s own address; audited. 409 when the order is not in the state the e-mail is about.',
        params: IdParamsSchema,
        body: ResendOrderMailSchema,
        response: { 200: ResendOrderMailResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await resendOrderMail(
        {
          db: app.db,
          orders: app.orders.repository,
          brand: app.config,
          bankDetailsFor: (order) => app.payments.bankDetailsFor(order),
        },
        request.params.id,
        request.body.mail,
        staffActor(request),
      );
      if (result.kind !== 'queued') {
        const [status, key] = REFUSALS[result.kind];
        throw new HttpError(status, key);
      }
      app.mailer.wake();
      return {
        success: true as const,
        message: localize('admin.resend.done', requestLanguage(request), { email: result.to }),
      };
    },
  );

  done();
};

export default adminResendMailRoutes;
