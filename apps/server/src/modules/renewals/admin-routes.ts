import {
  AdminRenewalsResponseSchema,
  RenewalRunRequestSchema,
  RenewalRunResponseSchema,
} from '@cadran/domain/auto-renewal-api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers } from '../../http/route-schemas';
import { staffRenewals } from './staff-lists';

/**
 * The back office's renewals (docs/product.md 'Back office' ('Renewals')): the lists, open to
 * support staff, and the run, for administrators. Outside production the run takes `as_of`, an
 * instant to run as if it were then (the demo and the tests show a year of renewals in a
 * minute); production refuses it, since it would charge terms before they are due.
 */
const renewalAdminRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/renewals',
    {
      // Support staff may read the lists (the back office's role guard reads this flag).
      config: { support: true },
      schema: {
        tags: ['admin'],
        summary: 'Automatic renewals: due in 30 days, failing (dunning), stopped',
        response: { 200: AdminRenewalsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await staffRenewals(app.db, app.licenses.now(), requestLanguage(request))),
    }),
  );

  app.post(
    '/renewals/run',
    {
      schema: {
        tags: ['admin'],
        summary: 'Charge the renewals due now (or, outside production, at `as_of`)',
        body: RenewalRunRequestSchema,
        response: { 200: RenewalRunResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const asOf = request.body?.as_of;
      if (asOf !== undefined && app.config.isProduction) {
        throw new HttpError(400, 'renewals.as_of_refused', {
          fieldErrors: { as_of: ['renewals.as_of_refused'] },
        });
      }
      const result = await app.renewals.run(asOf === undefined ? undefined : new Date(asOf));
      request.log.info({ ...result, asOf: asOf ?? null }, 'renewal run started by staff');
      return { success: true as const, ...result };
    },
  );
  done();
};

export default renewalAdminRoutes;
