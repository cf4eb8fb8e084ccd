import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../http/language';
import { localize } from '../http/messages';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from '../http/prepared-answer';

/**
 * The back office's page (docs/product.md 'Back office' ('Screens')): a separate application
 * with its own entry in the web build (`admin.html`), so the public pages never load its code.
 * Every address under /admin answers that one HTML and its own router decides; the page is
 * never cached (a deploy reaches staff at their next navigation) and never indexed. The strict
 * CSP of every answer applies: the build ships no inline script or style.
 */
export const ADMIN_HTML = 'admin.html';

const NOINDEX = 'noindex, nofollow';

function readAdminHtml(webDistDir: string): PreparedAnswer | null {
  const file = path.join(webDistDir, ADMIN_HTML);
  return existsSync(file) ? prepareAnswer(readFileSync(file, 'utf8')) : null;
}

export default function adminAppRoutes(
  app: FastifyInstance,
  options: { webDistDir: string },
  done: (error?: Error) => void,
): void {
  const html = readAdminHtml(options.webDistDir);
  const hide = { schema: { hide: true } };

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-robots-tag', NOINDEX);
    if (!html) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(localize('server.web_not_built', requestLanguage(request)));
    }
    return sendPrepared(request, reply, html, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      vary: [],
    });
  };

  app.get('/admin', hide, page);
  app.get('/admin/*', hide, page);
  // The build's file itself would otherwise be served as a static file with a short cache.
  app.get(`/${ADMIN_HTML}`, hide, (_request, reply) =>
    reply.header('cache-control', 'no-cache').redirect('/admin', 302),
  );
  done();
}
