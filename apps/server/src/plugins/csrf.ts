import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';
import { hasSessionCookie } from '../http/session-cookie';

/**
 * Cross-site request forgery guard. A browser attaches the session
 * cookie to requests other sites trigger, so every state-changing request that carries it must
 * prove it comes from our own pages: a JSON content type (which a cross-site form cannot send
 * without a CORS preflight we never grant) AND either an Origin of this site or
 * `Sec-Fetch-Site: same-origin`. A file upload (multipart) proves the first part with the
 * `x-cadran-upload: 1` header instead, which a form cannot set either. Requests without the cookie (bearer token only, anonymous)
 * are not forgeable this way and pass. Runs in onRequest, before any body is read.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths whose writes never act on the session: the payment providers' webhooks, which other
 * servers call and authenticate with their own signature, and the one-click unsubscribe of the
 * voters' e-mails (RFC 8058), which mail clients POST and whose signed token in the address
 * alone names the account (a forger would need that token, with which no cookie is needed). Exact paths, compared with the path as the
 * request spells it: anything else, however close (another provider name, a suffix, a trailing
 * slash, a dot segment, an encoded letter), is guarded like every other write. A new webhook
 * route is exempt only once it is added here, and this list is the only place exemptions are
 * made.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = [
  '/api/v1/website/payments/stripe/webhook',
  '/api/v1/website/payments/paypal/webhook',
  '/api/v1/website/release-mail/unsubscribe',
];

const EXEMPT = new Set(CSRF_EXEMPT_PATHS);

/** Whether a request URL (its query aside) is one of the exempt paths. */
export const isCsrfExempt = (url: string): boolean => EXEMPT.has(url.split('?', 1)[0] ?? '');

const isJson = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() === 'application/json';

function originMatches(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  // The site's own host as this request reached it (covers a reverse proxy or a second name).
  const ownOrigin = `${request.protocol}://${request.host}`;
  return origin === publicOrigin || origin.toLowerCase() === ownOrigin.toLowerCase();
}

/**
 * A header no cross-site form can send (a custom header needs a CORS preflight, never granted):
 * the back office sets it on a file upload, whose multipart body a form could otherwise forge.
 */
export const UPLOAD_INTENT_HEADER = 'x-cadran-upload';

const isMultipart = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() === 'multipart/form-data';

export function isSameSiteRequest(request: FastifyRequest, publicOrigin: string): boolean {
  const contentType = request.headers['content-type'];
  const forcesPreflight =
    isJson(contentType) ||
    (isMultipart(contentType) && request.headers[UPLOAD_INTENT_HEADER] === '1');
  if (!forcesPreflight) return false;
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
      isCsrfExempt(request.url) ||
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
