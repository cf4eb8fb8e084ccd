import {
  StaffTemplateCreateSchema,
  StaffTemplateParamsSchema,
  StaffTemplatePatchSchema,
  StaffTemplateResponseSchema,
  StaffTemplatesResponseSchema,
} from '@cadran/domain/staff-templates';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { errorAnswers } from '../../http/route-schemas';
import {
  createStaffTemplate,
  listStaffTemplates,
  updateStaffTemplate,
} from '../catalog/staff-templates';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';
import { announceStaffChange, CATALOG_CHANGED_EVENT } from './staff-signals';

const errors = errorAnswers(400, 401, 403, 404);

/**
 * Back-office catalogue (docs/product.md 'Back office' ('Catalogue')): every licence template
 * with both languages' texts; administrators create and change them. A change shows at once in
 * the public catalogue and on the pages drawn from it (/pricing, the home page), in both
 * languages and in every process (staff-signals.ts). Mounted under /api/v1/admin.
 */
const adminTemplateRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/templates',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Every licence template, published or not, in French and English',
        response: { 200: StaffTemplatesResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, ...(await listStaffTemplates(app.db)) }),
  );

  app.post(
    '/templates',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a licence template (unpublished unless said otherwise)',
        body: StaffTemplateCreateSchema,
        response: { 201: StaffTemplateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const template = await createStaffTemplate(app.db, request.body, staffActor(request));
      await announceStaffChange(app, CATALOG_CHANGED_EVENT);
      request.log.info({ templateId: template.id }, 'licence template created');
      return reply.code(201).send({ success: true as const, template });
    },
  );

  app.patch(
    '/templates/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change any of a template's fields",
        params: StaffTemplateParamsSchema,
        body: StaffTemplatePatchSchema,
        response: { 200: StaffTemplateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const template = await updateStaffTemplate(
        app.db,
        request.params.id,
        request.body,
        staffActor(request),
      );
      if (!template) throw new HttpError(404, 'staff.template.not_found');
      await announceStaffChange(app, CATALOG_CHANGED_EVENT);
      request.log.info(
        { templateId: template.id, fields: Object.keys(request.body) },
        'licence template updated',
      );
      return { success: true as const, template };
    },
  );

  done();
};

export default adminTemplateRoutes;
