import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, sessionCookieValue } from '../../http/session-cookie';
import { cookieMaxAgeSeconds } from './session-policy';
import { bearerToken } from './tokens';

/**
 * The session cookie (its name in http/session-cookie.ts): HttpOnly so scripts never read it,
 * SameSite=Lax so other sites' sub-requests do not carry it, Secure wherever the site is served
 * over https. Its readable twin `cadran_signed_in` holds no secret and only tells the web app
 * that a session may exist (see SESSION_HINT_COOKIE).
 */

const baseOptions = (secure: boolean): CookieSerializeOptions => ({
  path: '/',
  sameSite: 'lax',
  secure,
});

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  remember: boolean,
  secure: boolean,
): void {
  const maxAge = cookieMaxAgeSeconds(remember);
  const lifetime = maxAge === undefined ? {} : { maxAge };
  reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(secure), httpOnly: true, ...lifetime });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...baseOptions(secure),
    httpOnly: false,
    ...lifetime,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { ...baseOptions(secure), httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...baseOptions(secure), httpOnly: false });
}

/** The tokens a request presents: the cookie first, then a different bearer header. */
export function presentedTokens(request: FastifyRequest): string[] {
  const tokens: string[] = [];
  const fromCookie = sessionCookieValue(request);
  if (fromCookie) tokens.push(fromCookie);
  const fromHeader = bearerToken(request.headers.authorization);
  if (fromHeader && fromHeader !== fromCookie) tokens.push(fromHeader);
  return tokens;
}
