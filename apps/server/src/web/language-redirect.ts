import { isLanguage } from '@cadran/domain/constants';
import { LANGUAGE_COOKIE, languageOfPath, pathInLanguage } from '@cadran/domain/localized-path';
import type { FastifyRequest } from 'fastify';

/**
 * Where a returning English visitor who opens a French address goes (docs/product.md
 * 'Languages and texts'): the English twin, with the same query string. Only the 'language'
 * cookie, written when the visitor chose, decides: crawlers and first visits send none and
 * are never redirected, whatever their Accept-Language.
 */
export function chosenLanguageRedirect(request: FastifyRequest, pathname: string): string | null {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (!isLanguage(chosen) || chosen !== 'en' || languageOfPath(pathname) === 'en') return null;
  const queryStart = request.url.indexOf('?');
  const query = queryStart === -1 ? '' : request.url.slice(queryStart);
  return `${pathInLanguage(pathname, 'en')}${query}`;
}
