import type { Language } from './constants';

/**
 * Each page has one address per language (docs/product.md 'Languages and texts'): French at
 * the plain path, English under `/en` (`/pricing` and `/en/pricing`; the home pages are `/`
 * and `/en/`). The address alone decides the language a page is drawn in, so a crawler and
 * a link preview read the language the link promised.
 */

export const ENGLISH_PREFIX = '/en';

/** Cookie that keeps the visitor's language choice, read by the server on French addresses. */
export const LANGUAGE_COOKIE = 'language';

/** A year: the choice stays until the visitor makes another one. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const isEnglishPath = (pathname: string): boolean =>
  pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`);

export const languageOfPath = (pathname: string): Language =>
  isEnglishPath(pathname) ? 'en' : 'fr';

/** The path inside the site, without the language prefix: `/en/pricing` -> `/pricing`. */
export function pathWithoutLanguage(pathname: string): string {
  if (!isEnglishPath(pathname)) return pathname || '/';
  const rest = pathname.slice(ENGLISH_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** The address of the same page in `language`: `/pricing` -> `/en/pricing`, `/` -> `/en/`. */
export function pathInLanguage(pathname: string, language: Language): string {
  const path = pathWithoutLanguage(pathname);
  return language === 'en' ? `${ENGLISH_PREFIX}${path}` : path;
}

/** The router's basename for a language: English pages live under `/en`. */
export const routerBasename = (language: Language): string | undefined =>
  language === 'en' ? ENGLISH_PREFIX : undefined;

/**
 * The query parameter that opens the client area in a language. The client area keeps one
 * address per screen for both languages, so links the server writes (e-mails, payment returns)
 * carry the language of the order or the account they are about.
 */
export const CLIENT_LANGUAGE_PARAM = 'lang';

/** `/orders/C-1` in English -> `/client/orders/C-1?lang=en` (a query already there is kept). */
export function clientAreaPath(path: string, language: Language): string {
  const inside = path === '' || path === '/' ? '' : path.startsWith('/') ? path : `/${path}`;
  const separator = inside.includes('?') ? '&' : '?';
  return `/client${inside}${separator}${CLIENT_LANGUAGE_PARAM}=${language}`;
}
