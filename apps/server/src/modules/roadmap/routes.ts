import {
  ROADMAP_ID_MAX,
  RoadmapResponseSchema,
  RoadmapVoteResponseSchema,
} from '@cadran/domain/roadmap';
import { ROADMAP_UPDATE_EVENT } from '@cadran/domain/realtime';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { sendPrepared } from '../../http/prepared-answer';
import { errorAnswers, NotModifiedSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { publisherOf } from '../realtime/publisher';
import { invalidatePublicRoadmap } from './public-cache';
import { RoadmapService } from './service';

/** Ids in paths: positive PostgreSQL integers (anything else never matches a row). */
export const RoadmapIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(ROADMAP_ID_MAX, { error: 'validation.out_of_range' }),
});

/**
 * The list depends on who asks (their own votes): kept by the browser for its own reader and
 * checked again each time (an anonymous reader's copy revalidates by its ETag).
 */
const HEADERS = {
  contentType: 'application/json; charset=utf-8',
  cacheControl: 'private, no-cache',
  vary: ['Cookie'],
};

/** A person toggling votes does not click 30 times a minute; a script does. */
export const ROADMAP_VOTE_RATE_LIMIT = { name: 'roadmap-vote', max: 30, windowMs: 60_000 };

/**
 * The public roadmap and votes (docs/product.md 'Roadmap'). The list
 * depends on who asks (their own votes), so no shared cache may keep it; the part common to
 * everybody is kept in this process's memory (public-cache.ts).
 */
const roadmapRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = new RoadmapService(app.db, app.realtime);
  // Changes made by another server process arrive as events: the cached list is stale then.
  app.realtime.onEvent((name) => {
    if (name === ROADMAP_UPDATE_EVENT) invalidatePublicRoadmap();
  });

  app.get(
    '/api/v1/website/roadmap',
    {
      preHandler: app.loadAuth,
      schema: {
        tags: ['roadmap'],
        summary: 'Public roadmap items, by sort order, with vote counts',
        response: { 200: RoadmapResponseSchema, 304: NotModifiedSchema },
      },
    },
    async (request, reply) => {
      const account = request.auth?.account;
      if (!account) return sendPrepared(request, reply, await service.anonymousAnswer(), HEADERS);
      reply.header('cache-control', HEADERS.cacheControl).header('vary', HEADERS.vary.join(', '));
      return { success: true as const, data: await service.listPublic(account.id) };
    },
  );

  app.post(
    '/api/v1/website/roadmap/:id/vote',
    {
      preHandler: [
        app.requireUser,
        app.rateLimiter.hook({
          ...ROADMAP_VOTE_RATE_LIMIT,
          keyFor: (request) => request.auth?.account.id ?? request.ip,
        }),
      ],
      schema: {
        tags: ['roadmap'],
        summary:
          'Vote for a public item, or withdraw the vote (toggles); 409 on a done item, whose votes are closed',
        params: RoadmapIdParamsSchema,
        response: {
          200: RoadmapVoteResponseSchema,
          ...errorAnswers(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      const outcome = await service.toggleVote(request.params.id, account.id, publisherOf(request));
      if (outcome.kind === 'not_found') throw new HttpError(404, 'error.not_found');
      if (outcome.kind === 'closed') throw new HttpError(409, 'roadmap.vote.closed');
      const { vote } = outcome;
      request.log.info({ itemId: vote.id, voted: vote.voted }, 'roadmap vote');
      return { success: true as const, data: vote };
    },
  );

  done();
};

export default roadmapRoutes;
