import { LOG_BODY_MAX_BYTES, LogBatchSchema, LogEntrySchema } from '@cadran/domain/logs';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeClientLog } from './service';

const AcceptedSchema = z.object({ success: z.literal(true) });

/** Per IP and shared by both endpoints: enough for a noisy page, not for flooding the log. */
const CLIENT_LOG_RULE = { name: 'client-logs', max: 60, windowMs: 60_000 };

/**
 * Browser log intake (POST /api/v1/website/logs and /logs/batch,
 * docs/product.md 'Logs from the browser'). The rate limit runs on onRequest, before the body is
 * read, so a flood costs one counter update per request. Oversized bodies stop at the body limit
 * (413), malformed ones at the schema (400).
 */
const logsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const limit = app.rateLimiter.hook(CLIENT_LOG_RULE);

  app.post(
    '/api/v1/website/logs',
    {
      bodyLimit: Math.floor(LOG_BODY_MAX_BYTES / 10),
      onRequest: limit,
      schema: {
        tags: ['logs'],
        summary: 'Record one browser log entry',
        body: LogEntrySchema,
        response: { 202: AcceptedSchema },
      },
    },
    async (request, reply) => {
      writeClientLog(request.log, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(202).send({ success: true });
    },
  );

  app.post(
    '/api/v1/website/logs/batch',
    {
      bodyLimit: LOG_BODY_MAX_BYTES,
      onRequest: limit,
      schema: {
        tags: ['logs'],
        summary: 'Record a batch of browser log entries',
        body: LogBatchSchema,
        response: { 202: AcceptedSchema },
      },
    },
    async (request, reply) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      for (const entry of request.body.logs) writeClientLog(request.log, entry, meta);
      return reply.code(202).send({ success: true });
    },
  );
  done();
};

export default logsRoutes;
