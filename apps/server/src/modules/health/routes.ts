import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';

const HealthOkSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.literal('ok'),
});
const HealthDegradedSchema = z.object({
  success: z.literal(false),
  status: z.literal('degraded'),
  database: z.literal('unavailable'),
  message: z.string(),
});

/** A database that neither answers nor fails within this delay counts as unavailable. */
const PING_TIMEOUT_MS = 3000;

/**
 * Liveness and readiness for a load balancer (docs/architecture.md 'apps/server',
 * docs/decisions/004-shared-state-in-the-database.md): 200 only when the database answers
 * `select 1`, 503 otherwise, so a process with a dead database is taken out of rotation instead of
 * answering 500s.
 */
const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Service and database health',
        response: { 200: HealthOkSchema, 503: HealthDegradedSchema },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(app.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]);
        return reply
          .header('cache-control', 'no-store')
          .send({ success: true, status: 'ok', database: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({
            success: false,
            status: 'degraded',
            database: 'unavailable',
            message: localize('server.database_unavailable', requestLanguage(request)),
          });
      } finally {
        clearTimeout(timer);
      }
    },
  );
  done();
};

export default healthRoutes;
