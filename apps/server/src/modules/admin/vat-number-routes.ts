import {
  AdminOrderActionResponseSchema,
  StaffVatDecisionSchema,
} from '@cadran/domain/staff-orders';
import { isUuid } from '@cadran/domain/uuid';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { decideVatNumberByHand } from '../orders/vat-number-decision';
import { adminOrderDetail } from './order-detail';
import { staffActor } from './staff-actor';

/**
 * Staff settle an order's VAT number by hand (docs/product.md 'Back office'): confirmed (a
 * registration certificate, a VIES answer read elsewhere) or rejected, with the note that says
 * why. Administrators only; audited. Mounted under /api/v1/admin.
 */
const adminVatNumberRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/orders/:id/vat-number',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirm or reject the VAT number of an order by hand, with a note',
        description:
          '`status` is `verified` or `rejected`; `note` (required) says what the decision rests on. A confirmed number is remembered on the buyer’s account and, on a paid order that bore the VAT of the buyer’s member state, the VAT alone goes back through the provider with a credit note of the VAT alone (the licences stay). 409 when the order has no VAT number.',
        params: IdParamsSchema,
        body: StaffVatDecisionSchema,
        response: { 200: AdminOrderActionResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new HttpError(404, 'orders.not_found');
      const result = await decideVatNumberByHand(
        app.db,
        request.params.id,
        request.body,
        staffActor(request),
        new Date(),
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'orders.not_found');
      if (result.kind === 'no_vat_number') throw new HttpError(409, 'admin.vat.no_number');
      // A confirmed number gives the VAT of a paid order back now; should the provider be down,
      // the hourly VAT job asks again.
      if (request.body.status === 'verified') {
        await app.fulfilment.refundConfirmedVat(result.order.id);
      }
      const order = await adminOrderDetail(app.db, result.order.id, app.licenses.now());
      if (!order) throw new HttpError(404, 'orders.not_found');
      return {
        success: true as const,
        order,
        message: localize(
          request.body.status === 'verified' ? 'admin.vat.confirmed' : 'admin.vat.rejected',
          requestLanguage(request),
        ),
      };
    },
  );

  done();
};

export default adminVatNumberRoutes;
