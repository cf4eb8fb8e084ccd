import type { FastifyRequest } from 'fastify';

/**
 * The name of the session cookie and whether a request carries it. It lives here, not in the
 * auth module, because cross-cutting plugins (the CSRF guard) need it too, and plugins never
 * import business modules.
 */
export const SESSION_COOKIE = 'cadran_session';

/** The raw session cookie of a request, unchecked; undefined when absent or empty. */
export const sessionCookieValue = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE] || undefined;

export const hasSessionCookie = (request: FastifyRequest): boolean =>
  sessionCookieValue(request) !== undefined;
