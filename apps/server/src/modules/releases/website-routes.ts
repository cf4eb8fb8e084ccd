import {
  DownloadsResponseSchema,
  PublicReleasesResponseSchema,
  ReleasePreferencesResponseSchema,
  ReleasePreferencesSchema,
} from '@cadran/domain/release-api';
import { translateMessage } from '@cadran/domain/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../http/language';
import { HttpError } from '../../http/http-error';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { unsubscribedPage } from './unsubscribed-page';
import { UNSUBSCRIBE_PATH } from './unsubscribe-token';

const PREFIX = '/api/v1/website';

/**
 * The releases as the site shows them (docs/product.md 'Releases'): the public list (never a
 * download link), the account's downloads and release settings, and the voters' unsubscribe.
 */
const releaseWebsiteRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    `${PREFIX}/releases`,
    {
      schema: {
        tags: ['releases'],
        summary: 'Published stable releases, newest first: version, date, notes, items shipped',
        response: { 200: PublicReleasesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, releases: await app.releases.publicReleases() };
    },
  );

  app.get(
    `${PREFIX}/downloads`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['releases'],
        summary: 'My downloads: the releases my licences reach, with links for those they include',
        response: { 200: DownloadsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const account = currentAccount(request);
      const answer = await app.releases.accountDownloads(account.id, requestLanguage(request));
      return { success: true as const, ...answer };
    },
  );

  app.put(
    `${PREFIX}/release-preferences`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['releases'],
        summary: 'My release settings: beta releases, the e-mails about items I voted for',
        body: ReleasePreferencesSchema,
        response: { 200: ReleasePreferencesResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      await app.releases.savePreferences(account.id, request.body);
      return {
        success: true as const,
        preferences: await app.releases.preferences(account.id),
        message: translateMessage('release.preferences_saved', requestLanguage(request)),
      };
    },
  );

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['releases'],
        summary: 'Unsubscribe link of the voters’ e-mails: turns them off, answers a short page',
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: z.string(), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const done = await app.releases.unsubscribe(request.query.token);
      // A forged or damaged link is refused like any bad API input: a JSON 400, nothing changed.
      if (!done) throw new HttpError(400, 'release.unsubscribe_invalid');
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(unsubscribedPage(lang, done, app.config.publicUrl));
    },
  );

  done();
};

export default releaseWebsiteRoutes;
