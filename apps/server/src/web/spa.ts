import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, sendApiError } from '../http/error-handler';
import { LANGUAGES } from '@cadran/domain/constants';
import { languageOfPath, pathInLanguage, pathWithoutLanguage } from '@cadran/domain/localized-path';
import { requestLanguage } from '../http/language';
import { localize } from '../http/messages';
import { prepareAnswer, sendPrepared } from '../http/prepared-answer';
import { applicationAt, applicationBuilt } from './applications';
import { watchBuildVersion, type BuildNotice } from './build-version';
import { createDrawnPages } from './drawn-pages';
import { answerVariesWithBrowserLanguage, languageRedirect } from './language-redirect';
import { loadPageHtml } from './page-html';
import { PUBLIC_PAGES } from './public-pages';
import { sitemapXml } from './sitemap';
import type { LegalPublisher } from '@cadran/domain/legal-publisher';

/**
 * Serves the built SPA (apps/web/dist) and owns the not-found handler:
 * - /assets/* are content-hashed by Vite: cached for a year, immutable;
 * - index.html is never cached, so a deploy reaches browsers on their next navigation;
 * - other files (robots.txt, favicon.svg...) get a short cache;
 * - text files go out as the build's `.br` or `.gz` twin when the browser accepts it;
 * - any other GET that is not an API path and does not name a file gets index.html, and the
 *   SPA's router decides (any other path redirects to /, docs/product.md 'Pages and routes'); a
 *   page the build lists gets index.html with modulepreload links for its own code (page-html.ts);
 * - a page is drawn in the language of its address (French, or English under /en); a visitor
 *   whose 'language' cookie says English is sent from a French address to the English one;
 * - pages are drawn on the server by the build's own entry when it has one (drawn-pages.ts),
 *   and unknown addresses answer the route table's redirect (to the home page) as a real 302;
 * - the applications beside the site (/client) answer their own page for every address under
 *   their prefix (applications.ts);
 * - /sitemap.xml lists every public page in both languages (sitemap.ts);
 * - unknown API paths and non-GET methods get the JSON 404 of the API;
 * - without `sourceMaps` (production), `.map` files are a 404 even when the build has them:
 *   they would hand out the site's original source, comments included;
 * - a build put in place under a running server is noticed per request in development, and in
 *   production on `app.webBuild.reload()` (the process's SIGHUP), never by looking at the disk
 *   per request (build-version.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    webBuild: { reload: () => void };
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';

/** The build's pre-compressed twins: `index.html.br` is cached as `index.html`. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

function cacheControlFor(root: string, filePath: string): string {
  const relative = path
    .relative(root, filePath)
    .split(path.sep)
    .join('/')
    .replace(COMPRESSED_SUFFIX, '');
  // The site's page and the applications' pages (client.html): a deploy reaches the next visit.
  if (relative.endsWith('.html')) return 'no-cache';
  if (relative.startsWith('assets/')) return IMMUTABLE;
  return SHORT;
}

const SOURCE_MAP = /\.map$/i;

/** A last path segment with an extension names a file: a missing file is a 404, not the SPA. */
const looksLikeFile = (pathname: string) => /\/[^/]*\.[a-z0-9]+$/i.test(pathname);

export interface SpaOptions {
  webDistDir: string;
  /** The site's public origin, which the sitemap's and pages' addresses start with. */
  publicUrl: string;
  /** The SUPPORT_EMAIL setting, shown by the pages as on e-mails and invoices. */
  supportEmail: string;
  /** The seller's legal identity (SELLER_* settings), named by the legal pages as on invoices. */
  publisher: LegalPublisher;
  /**
   * Calls back whenever data the pages show (catalogue, roadmap) changes: the server's read
   * caches are dropped (src/db/read-cache.ts). Returns the way to stop listening.
   */
  onDataChanged: (listener: () => void) => () => void;
  /** Serve the build's source maps (development); production answers them 404. */
  sourceMaps: boolean;
  /** When a new build under the running server is noticed (build-version.ts). */
  buildNotice: BuildNotice;
}

async function spa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const root = options.webDistDir;
  const built = existsSync(path.join(root, 'index.html'));
  const version = watchBuildVersion(root, options.buildNotice);
  app.decorate('webBuild', { reload: () => version.reload() });
  const pages = loadPageHtml(root, version, (error) =>
    app.log.error(
      { err: error, webDistDir: root },
      'page preload list unreadable: serving plain index.html',
    ),
  );

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      cacheControl: false,
      preCompressed: true,
      // A folder path ('/', '/assets/') is not a file: leave it to the SPA fallback below
      // instead of the 403 the file server gives for a folder without index.
      allowedPath: (pathname) =>
        !pathname.endsWith('/') && (options.sourceMaps || !SOURCE_MAP.test(pathname)),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(root, filePath));
        // Caches must key the answer on the encoding the browser asked for.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn(
      { webDistDir: root },
      'web build not found: pages answer 503 until `npm run build`',
    );
  }

  const drawnPages = createDrawnPages(app, {
    webDistDir: root,
    publicUrl: options.publicUrl,
    supportEmail: options.supportEmail,
    publisher: options.publisher,
    pages,
    version,
    onDataChanged: options.onDataChanged,
  });
  app.addHook('onClose', (_instance, done) => {
    drawnPages.close();
    done();
  });

  const sitemap = prepareAnswer(sitemapXml(options.publicUrl));
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendPrepared(request, reply, sitemap, {
      contentType: 'application/xml; charset=utf-8',
      cacheControl: SHORT,
      vary: [],
    }),
  );

  const PAGE_VARY = ['Cookie'];
  const PAGE_VARY_HOME = ['Cookie', 'Accept-Language'];
  /** A page of the site: the language redirect, else the page drawn (or listed) for `pathname`. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const twin = languageRedirect(request, pathname);
    if (twin) {
      // The answer depends on the cookie and the browser's language: no shared cache keeps it.
      return reply.code(302).header('cache-control', 'no-store').redirect(twin);
    }
    if (!built) return notBuilt(request, reply);
    const vary = answerVariesWithBrowserLanguage(pathname) ? PAGE_VARY_HOME : PAGE_VARY;
    const drawn = await drawnPages.draw(request.url).catch((error: unknown) => {
      // The browser can still draw the page from the plain index: never a 500 for this.
      request.log.error({ err: error }, 'page could not be drawn on the server');
      return null;
    });
    if (drawn?.kind === 'redirect') {
      return reply.code(drawn.status).header('cache-control', 'no-cache').redirect(drawn.location);
    }
    if (drawn) {
      return sendPrepared(request, reply.code(drawn.status), drawn.answer, {
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'no-cache',
        vary,
      });
    }
    const page = pages.find(pathWithoutLanguage(pathname), languageOfPath(pathname));
    if (page) {
      return sendPrepared(request, reply, page, {
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'no-cache',
        vary,
      });
    }
    // The plain index varies with the encoding too (the file server's own Vary is replaced).
    if (vary === PAGE_VARY_HOME) reply.header('vary', ['Accept-Encoding', ...vary].join(', '));
    return reply.sendFile('index.html');
  };

  // The public pages, in both languages, have routes of their own: a visit goes straight to
  // its page instead of first through the file server's look-up of a file by that name and
  // then the not-found handler (docs/quality.md 'Lighthouse', the cached page's req/s).
  for (const page of PUBLIC_PAGES) {
    for (const language of LANGUAGES) {
      const address = pathInLanguage(page.path, language);
      app.get(address, { schema: { hide: true } }, (request, reply) =>
        servePage(request, reply, address),
      );
    }
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isApiPath(pathname) || looksLikeFile(pathname)) {
      return sendApiError(request, reply, 404, 'error.not_found');
    }
    const application = applicationAt(pathname);
    if (application) {
      if (!applicationBuilt(root, application)) return notBuilt(request, reply);
      // Its screens hold personal data fetched by the browser: the page itself holds none.
      return reply.sendFile(application.html);
    }
    return servePage(request, reply, pathname);
  });
}

function notBuilt(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(localize('server.web_not_built', requestLanguage(request)));
}

export default fp(spa, { name: 'spa', fastify: '5.x' });
