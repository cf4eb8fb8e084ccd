import { readFileSync } from 'node:fs';
import { isLanguage } from '@cadran/domain/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../http/language';
import { renderClientAreaPage } from './page';

const STYLESHEET = readFileSync(new URL('./client.css', import.meta.url), 'utf8');

/**
 * /client and /client/*, a separate application, never the SPA
 * (docs/product.md 'Pages and routes'). `?lang=fr|en` overrides Accept-Language so the page's
 * language switch works without a script.
 */
export default function clientAreaRoutes(
  app: FastifyInstance,
  options: { supportEmail: string },
  done: (error?: Error) => void,
): void {
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const lang = isLanguage(query.lang) ? query.lang : requestLanguage(request);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(renderClientAreaPage(lang, options.supportEmail));
  };
  const hide = { schema: { hide: true } };

  // Registered before /client/* so the stylesheet is never answered by the page route.
  app.get('/client/assets/client.css', hide, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(STYLESHEET),
  );
  app.get('/client', hide, page);
  app.get('/client/*', hide, page);
  done();
}
