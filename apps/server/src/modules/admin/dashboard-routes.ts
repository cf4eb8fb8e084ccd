import { DashboardResponseSchema } from '@cadran/domain/staff-customers';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../http/route-schemas';
import { dashboard } from './dashboard';
import { SUPPORT_ALLOWED } from './staff-roles';

/** The back office's figures (docs/product.md 'Back office'), open to support staff. */
const adminDashboardRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/dashboard',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Orders and revenue today and over 30 days, and what waits for someone',
        response: { 200: DashboardResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => dashboard(app.db, app.licenses.now()),
  );
  done();
};

export default adminDashboardRoutes;
