import { shopDay } from '@cadran/domain/paris-days';
import {
  StaffNewsletterQuerySchema,
  StaffNewsletterResponseSchema,
} from '@cadran/domain/staff-newsletter';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../http/route-schemas';
import { confirmedSubscribersCsv, listStaffSubscribers } from '../newsletter/staff-list';
import { sendAuditedDownload } from './audited-download';

const errors = errorAnswers(400, 401, 403);

/**
 * Back-office newsletter (docs/product.md 'Back office' ('Newsletter')), administrators only:
 * the counts and the list, and the export of confirmed subscribers, the only ones who agreed
 * to receive it. An export hands personal data out, so it is written to the audit trail.
 * Mounted under /api/v1/admin.
 */
const adminNewsletterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/newsletter',
    {
      schema: {
        tags: ['admin'],
        summary: 'Subscriber counts by status, and the subscribers',
        querystring: StaffNewsletterQuerySchema,
        response: { 200: StaffNewsletterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await listStaffSubscribers(app.db, query);
      return { success: true as const, ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    '/newsletter/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirmed subscribers as CSV (UTF-8 with BOM, ; separated)',
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { csv, rows } = await confirmedSubscribersCsv(app.db);
      const day = shopDay(new Date());
      return sendAuditedDownload(
        app.db,
        request,
        reply,
        {
          action: 'newsletter.export',
          target: { type: 'newsletter', id: 'confirmed' },
          after: { rows },
        },
        { name: `newsletter-confirmed-${day}.csv`, body: csv },
      );
    },
  );

  done();
};

export default adminNewsletterRoutes;
