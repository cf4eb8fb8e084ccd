import { TemplatesResponseSchema } from '@cadran/domain/catalog';
import type { Language } from '@cadran/domain/constants';
import { LanguageSchema } from '@cadran/domain/wire-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../http/language';
import { sendPrepared } from '../../http/prepared-answer';
import { NotModifiedSchema } from '../../http/route-schemas';
import { getCatalogAnswers } from './service';

const CatalogQuerySchema = z.object({
  lang: LanguageSchema.optional().describe('Language of names, descriptions and features'),
});

/**
 * Browsers keep the list a minute, then revalidate with If-None-Match and usually get a
 * bodiless 304. The language may come from Accept-Language, hence Vary.
 */
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

/** ?lang= wins (the site's chosen language); else the browser's Accept-Language. */
const languageOf = (request: FastifyRequest, lang: Language | undefined): Language =>
  lang ?? requestLanguage(request);

/** The catalogue's JSON, built and compressed once per catalogue version, sent as is. */
const CATALOG_HEADERS = {
  contentType: 'application/json; charset=utf-8',
  cacheControl: CACHE_CONTROL,
  vary: ['Accept-Language'],
};

/**
 * Catalogue (docs/product.md 'Pricing and the catalogue' ('Licence templates')): the active
 * templates, and the featured ones for the home page under both the legacy /website path and
 * the /api/v1/website prefix.
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
      return sendPrepared(request, reply, answers.all, CATALOG_HEADERS);
    },
  );

  for (const path of ['/website/templates/featured', '/api/v1/website/templates/featured']) {
    app.get(
      path,
      { schema: schema('Featured licence templates (home page preview)') },
      async (request, reply) => {
        const answers = await getCatalogAnswers(app.db, languageOf(request, request.query.lang));
        return sendPrepared(request, reply, answers.featured, CATALOG_HEADERS);
      },
    );
  }
  done();
};

export default catalogRoutes;
