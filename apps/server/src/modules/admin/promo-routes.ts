import { successEnvelope } from '@cadran/domain/api';
import { PromoCodeAdminSchema, PromoCodeCreateSchema } from '@cadran/domain/promo-codes';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { PromoCodePatchSchema } from '@cadran/domain/promo-code-changes';
import { createPromoCode, listPromoCodes, updatePromoCode } from './promo-codes';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404, 409);
const PromoCodeParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'promo.not_found' })
    .int({ error: 'promo.not_found' })
    .positive({ error: 'promo.not_found' })
    .max(2_147_483_647, { error: 'promo.not_found' }),
});

/**
 * Back-office promo codes (docs/product.md 'Checkout' ('Promo codes')): create one, list them
 * with their uses, switch one off or on, move its end, change its limit of uses. Mounted under
 * /api/v1/admin, whose guard has already required an administrator. A code's discount, start and
 * targets are never edited, nor is a code deleted: orders refer to it as it was.
 */
const adminPromoRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/promo-codes',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Every promo code with its uses',
        response: {
          200: successEnvelope({ data: z.array(PromoCodeAdminSchema) }),
          ...errors,
        },
      },
    },
    async () => ({ success: true as const, data: await listPromoCodes(app.orders.promos) }),
  );

  app.post(
    '/promo-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promo code (percentage or fixed amount, window, limits, targets)',
        body: PromoCodeCreateSchema,
        response: { 201: successEnvelope({ data: PromoCodeAdminSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const created = await createPromoCode(app.db, request.body, staffActor(request));
      if (!created) {
        throw new HttpError(409, 'promo.code.taken', {
          fieldErrors: { code: ['promo.code.taken'] },
        });
      }
      request.log.info(
        { adminId: currentAccount(request).id, promoCodeId: created.id },
        'promo code created',
      );
      return reply.code(201).send({ success: true as const, data: created });
    },
  );

  app.patch(
    '/promo-codes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Switch a promo code off or on, move its end date, change its limit of uses',
        params: PromoCodeParamsSchema,
        body: PromoCodePatchSchema,
        response: { 200: successEnvelope({ data: PromoCodeAdminSchema }), ...errors },
      },
    },
    async (request) => {
      const result = await updatePromoCode(
        app.db,
        request.params.id,
        request.body,
        staffActor(request),
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'promo.not_found');
      if (result.kind === 'refused') {
        throw new HttpError(400, result.error, { fieldErrors: { [result.field]: [result.error] } });
      }
      request.log.info(
        { adminId: currentAccount(request).id, promoCodeId: request.params.id },
        'promo code changed',
      );
      return { success: true as const, data: result.code };
    },
  );

  done();
};

export default adminPromoRoutes;
