import { successEnvelope } from '@cadran/domain/api';
import {
  AdminRoadmapItemResponseSchema,
  AdminRoadmapListResponseSchema,
  RoadmapItemCreateSchema,
  RoadmapItemUpdateSchema,
  RoadmapReorderSchema,
} from '@cadran/domain/roadmap';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { publisherOf } from '../realtime/publisher';
import { RoadmapIdParamsSchema } from '../roadmap/routes';
import { ROADMAP_PROGRESS_JOB } from '../releases/voter-jobs';
import { RoadmapService } from '../roadmap/service';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404);

/**
 * Back-office roadmap (docs/product.md 'Roadmap' ('Managing the roadmap')): every item, public or
 * not; create, update (status, public flag, sort order, texts, category), reorder a column and
 * delete. Each change is
 * announced as roadmap:update by the service, so open roadmap pages follow without a reload.
 * Mounted under /api/v1/admin, whose guard has already required an administrator.
 */
const adminRoadmapRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = new RoadmapService(app.db, app.realtime, (tx, itemId, from, to) =>
    app.releases.onRoadmapStatusChange(tx, itemId, from, to),
  );

  app.get(
    '/roadmap',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Every roadmap item, hidden ones included',
        response: { 200: AdminRoadmapListResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, data: await service.listAll() }),
  );

  app.post(
    '/roadmap',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a roadmap item (hidden and planned unless said otherwise)',
        body: RoadmapItemCreateSchema,
        response: { 201: AdminRoadmapItemResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const item = await service.create(request.body, publisherOf(request), staffActor(request));
      request.log.info(
        { adminId: currentAccount(request).id, itemId: item.id },
        'roadmap item created',
      );
      return reply.code(201).send({ success: true as const, data: item });
    },
  );

  app.post(
    '/roadmap/reorder',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the order of every item of one column (status)',
        body: RoadmapReorderSchema,
        response: { 200: AdminRoadmapListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await service.reorder(
        request.body.ids,
        publisherOf(request),
        staffActor(request),
      );
      if (outcome.kind === 'not_found') throw new HttpError(404, 'error.not_found');
      if (outcome.kind !== 'reordered') {
        const key =
          outcome.kind === 'mixed_status'
            ? 'roadmap.reorder.mixed_status'
            : 'roadmap.reorder.incomplete';
        throw new HttpError(400, key, { fieldErrors: { ids: [key] } });
      }
      request.log.info({ adminId: currentAccount(request).id }, 'roadmap column reordered');
      return { success: true as const, data: outcome.items };
    },
  );

  app.patch(
    '/roadmap/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change any of an item's fields",
        params: RoadmapIdParamsSchema,
        body: RoadmapItemUpdateSchema,
        response: { 200: AdminRoadmapItemResponseSchema, ...errors },
      },
    },
    async (request) => {
      const item = await service.update(
        request.params.id,
        request.body,
        publisherOf(request),
        staffActor(request),
      );
      if (!item) throw new HttpError(404, 'error.not_found');
      request.log.info(
        { adminId: currentAccount(request).id, itemId: item.id, fields: Object.keys(request.body) },
        'roadmap item updated',
      );
      // A move to in progress may have queued the voters' e-mails: look at once.
      if (item.status === 'in_progress') app.jobs.wake(ROADMAP_PROGRESS_JOB.name);
      return { success: true as const, data: item };
    },
  );

  app.delete(
    '/roadmap/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an item and its votes',
        params: RoadmapIdParamsSchema,
        response: { 200: successEnvelope({}), ...errors },
      },
    },
    async (request) => {
      if (!(await service.remove(request.params.id, publisherOf(request), staffActor(request)))) {
        throw new HttpError(404, 'error.not_found');
      }
      request.log.info(
        { adminId: currentAccount(request).id, itemId: request.params.id },
        'roadmap item deleted',
      );
      return { success: true as const };
    },
  );

  done();
};

export default adminRoadmapRoutes;
