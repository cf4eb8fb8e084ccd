import type { Language } from '@cadran/domain/constants';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { atomFeed } from './atom-feed';

/** The changelog's Atom feeds, French at /changelog.xml, English at /en/changelog.xml. */
const releaseFeedRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const feeds: Array<[string, Language]> = [
    ['/changelog.xml', 'fr'],
    ['/en/changelog.xml', 'en'],
  ];
  for (const [url, lang] of feeds) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      const releases = await app.releases.publicReleases();
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/atom+xml; charset=utf-8')
        .send(atomFeed(releases, lang, app.config.publicUrl));
    });
  }
  done();
};

export default releaseFeedRoutes;
