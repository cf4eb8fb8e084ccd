import { AuditQuerySchema, AuditResponseSchema } from '@cadran/domain/audit';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listStaffActions } from '../../audit/staff-audit';
import { errorAnswers } from '../../http/route-schemas';

const errors = errorAnswers(400, 401, 403);

/**
 * The staff audit trail (docs/product.md 'Back office'): read only, newest first, filtered by
 * actor, action or area, target and period. There is no route that changes an entry, and the
 * table refuses it anyway. Mounted under /api/v1/admin, whose guard requires an administrator.
 */
const adminAuditRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'What staff did: audit entries with the target before and after',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listStaffActions(app.db, request.query)),
    }),
  );
  done();
};

export default adminAuditRoutes;
