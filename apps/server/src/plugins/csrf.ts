import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';
import { hasSessionCookie } from '../http/session-cookie';

/**
 * Cross-site request forgery guard (ARCHITECTURE.md 'Auth'). A browser attaches the session
 * cookie to requests other sites trigger, so every state-changing request that carries it must
 * prove it comes from our own pages: a JSON content type (which a cross-site form cannot send
 * without a CORS preflight we never grant) AND either an Origin of this site or
 * `Sec-Fetch-Site: same-origin`. Requests without the cookie (bearer token only, anonymous)
 * are not forgeable this way and pass. Runs in onRequest, before any body is read.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths called by other servers, never by a browser of ours: payment providers' webhooks
 * authenticate with their own signature. This list is the only place exemptions are made.
 */
export const CSRF_EXEMPT_PATHS: readonly RegExp[] = [
  /^\/api\/v1\/website\/payments\/[a-z_]+\/webhook\/?$/,
];

const isExempt = (url: string): boolean => {
  const path = url.split('?', 1)[0] ?? '';
  return CSRF_EXEMPT_PATHS.some((pattern) => pattern.test(path));
};

const isJson = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() === 'application/json';

function originMatches(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  // The site's own host as this request reached it (covers a reverse proxy or a second name).
  const ownOrigin = `${request.protocol}://${request.host}`;
  return origin === publicOrigin || origin.toLowerCase() === ownOrigin.toLowerCase();
}

export function isSameSiteRequest(request: FastifyRequest, publicOrigin: string): boolean {
  if (!isJson(request.headers['content-type'])) return false;
  return (
    originMatches(request, publicOrigin) || request.headers['sec-fetch-site'] === 'same-origin'
  );
}

function csrfPlugin(
  app: FastifyInstance,
  options: { publicUrl: string },
  done: (error?: Error) => void,
): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', (request, _reply, hookDone) => {
    if (
      SAFE_METHODS.has(request.method) ||
      !hasSessionCookie(request) ||
      isExempt(request.url) ||
      isSameSiteRequest(request, publicOrigin)
    ) {
      hookDone();
      return;
    }
    request.log.warn(
      {
        origin: request.headers.origin,
        secFetchSite: request.headers['sec-fetch-site'],
        contentType: request.headers['content-type'],
      },
      'cross-site request refused',
    );
    hookDone(new HttpError(403, 'error.csrf'));
  });
  done();
}

export default fp(csrfPlugin, {
  name: 'csrf',
  dependencies: ['@fastify/cookie'],
  fastify: '5.x',
});
