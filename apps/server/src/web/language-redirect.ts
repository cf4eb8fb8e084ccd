import { isLanguage } from '@cadran/domain/constants';
import { languageFromAcceptHeader } from '@cadran/domain/language';
import { LANGUAGE_COOKIE, languageOfPath, pathInLanguage } from '@cadran/domain/localized-path';
import type { FastifyRequest } from 'fastify';

/** The home address, the only one a browser's language alone may send to its English twin. */
const HOME = '/';

/**
 * Where a visitor who opens a French address goes instead (docs/product.md 'Languages and
 * texts'), or null to stay. The saved choice (the 'language' cookie, written when the visitor
 * chose) decides first: a returning English visitor goes to the English twin of any French
 * address. Without a saved choice, the browser's language decides for the home address only:
 * a first visit of `/` whose Accept-Language prefers English over French goes to `/en/`. A deep
 * link is never moved on the browser's word, nor a request without Accept-Language (crawlers),
 * and nothing is saved until the visitor chooses.
 */
export function languageRedirect(request: FastifyRequest, pathname: string): string | null {
  if (languageOfPath(pathname) === 'en') return null;
  const chosen = request.cookies[LANGUAGE_COOKIE];
  const wantsEnglish = isLanguage(chosen)
    ? chosen === 'en'
    : pathname === HOME && languageFromAcceptHeader(request.headers['accept-language']) === 'en';
  if (!wantsEnglish) return null;
  const queryStart = request.url.indexOf('?');
  const query = queryStart === -1 ? '' : request.url.slice(queryStart);
  return `${pathInLanguage(pathname, 'en')}${query}`;
}

/** Whether the answer for `pathname` depends on Accept-Language (shared caches must know). */
export const answerVariesWithBrowserLanguage = (pathname: string): boolean => pathname === HOME;
