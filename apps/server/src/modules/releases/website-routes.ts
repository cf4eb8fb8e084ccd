import {
  DownloadsResponseSchema,
  PublicReleasesResponseSchema,
  ReleasePreferencesResponseSchema,
  ReleasePreferencesSchema,
} from '@cadran/domain/release-api';
import { translateMessage } from '@cadran/domain/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/language';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';

const PREFIX = '/api/v1/website';

/**
 * The releases as the site shows them (docs/product.md 'Releases'): the public list (never a
 * download link), the account's downloads and release settings (the voters' unsubscribe link is
 * in unsubscribe-routes.ts).
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

  done();
};

export default releaseWebsiteRoutes;
