import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers } from '../../http/route-schemas';
import { unsubscribePage } from './unsubscribe-page';
import { UNSUBSCRIBE_PATH } from './unsubscribe-token';

const TokenQuery = z.object({ token: z.string().max(200).default('') });

/** The small form bodies this address receives: `List-Unsubscribe=One-Click` (RFC 8058). */
const FORM_BODY_LIMIT = 1024;

/**
 * The unsubscribe link of the voters' e-mails, also their `List-Unsubscribe` header.
 * GET only shows a confirmation (a mail scanner that fetches the link unsubscribes nobody);
 * POST turns the e-mails off: the page's button, or a mail client's one-click POST. The signed
 * token in the address alone says whose e-mails stop, never the session, which is why the CSRF
 * guard lets this path through (plugins/csrf.ts). A forged or damaged token is a JSON 400 like
 * any bad API input, changing nothing.
 */
const unsubscribeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Mail clients POST a form (urlencoded or multipart); the token travels in the address, so
  // the body is read, bounded, and not needed.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, _body, parsed) => parsed(null, {}),
    );
  }

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['releases'],
        summary:
          'Unsubscribe link of the voters’ e-mails: a page asking to confirm, nothing changed',
        querystring: TokenQuery,
        response: { 200: z.string(), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!app.releases.isUnsubscribeToken(token)) {
        throw new HttpError(400, 'release.unsubscribe_invalid');
      }
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          unsubscribePage(
            requestLanguage(request),
            { kind: 'confirm', action },
            app.config.publicUrl,
          ),
        );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['releases'],
        summary: 'One-click unsubscribe (RFC 8058): turns the voters’ e-mails off',
        querystring: TokenQuery,
        response: { 200: z.string(), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const unsubscribed = await app.releases.unsubscribe(request.query.token);
      if (!unsubscribed) throw new HttpError(400, 'release.unsubscribe_invalid');
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(requestLanguage(request), { kind: 'done' }, app.config.publicUrl));
    },
  );

  done();
};

export default unsubscribeRoutes;
