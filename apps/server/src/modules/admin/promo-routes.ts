import { successEnvelope } from '@cadran/domain/api';
import { PromoCodeAdminSchema, PromoCodeCreateSchema } from '@cadran/domain/promo-codes';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { createPromoCode, listPromoCodes } from './promo-codes';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 409);

/**
 * Back-office promo codes (docs/product.md 'Checkout' ('Promo codes')): create one, list them
 * with their uses. Mounted under /api/v1/admin, whose guard has already required an
 * administrator. A code is never edited or deleted here: orders refer to it.
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

  done();
};

export default adminPromoRoutes;
