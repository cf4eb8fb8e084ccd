import { TemplatesResponseSchema } from '@cadran/domain/catalog';
import type { Language } from '@cadran/domain/constants';
import { LanguageSchema } from '@cadran/domain/wire-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../http/language';
import { preferredEncoding } from '../../http/encoding';
import { getCatalogAnswers, matchesIfNoneMatch, type CachedAnswer } from './service';

const CatalogQuerySchema = z.object({
  lang: LanguageSchema.optional().describe('Language of names, descriptions and features'),
});

const NotModifiedSchema = z.null().describe('Not modified: the ETag sent still matches');

/**
 * Browsers keep the list a minute, then revalidate with If-None-Match and usually get a
 * bodiless 304. The language may come from Accept-Language, hence Vary.
 */
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

/** ?lang= wins (the site's chosen language); else the browser's Accept-Language. */
const languageOf = (request: FastifyRequest, lang: Language | undefined): Language =>
  lang ?? requestLanguage(request);

/**
 * Sends a cached answer, or 304 when the browser already holds it. The body is the JSON
 * text built (and compressed) once per catalogue version, so it is sent as is rather than
 * serialised again.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  // Each coding is its own representation, hence its own strong ETag (RFC 9110 8.8.3).
  const etag = encoding === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${encoding}"`;
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
  reply.header('vary', 'Accept-Language, Accept-Encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(answer.body);
  return reply
    .header('content-encoding', encoding)
    .send(encoding === 'br' ? answer.brotli : answer.gzip);
}

/**
 * Catalogue (spec 7): the active templates, and the featured ones for the home page under
 * both the legacy /website path the spec names and the /api/v1/website prefix.
 */
const catalogRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const schema = (summary: string) => ({
    tags: ['catalog'],
    summary,
    querystring: CatalogQuerySchema,
    response: { 200: TemplatesResponseSchema, 304: NotModifiedSchema },
  });

  app.get(
    '/api/v1/website/templates',
    { schema: schema('Active licence templates, in catalogue order') },
    async (request, reply) => {
      const answers = await getCatalogAnswers(app.db, languageOf(request, request.query.lang));
      return sendCached(request, reply, answers.all);
    },
  );

  for (const path of ['/website/templates/featured', '/api/v1/website/templates/featured']) {
    app.get(
      path,
      { schema: schema('Featured licence templates (home page preview)') },
      async (request, reply) => {
        const answers = await getCatalogAnswers(app.db, languageOf(request, request.query.lang));
        return sendCached(request, reply, answers.featured);
      },
    );
  }
  done();
};

export default catalogRoutes;
