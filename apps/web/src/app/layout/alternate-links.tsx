import { LANGUAGES } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { currentLanguage } from '@/lib/i18n';

/**
 * The origin absolute page addresses are written with: the server's public address when it
 * draws the page, the same one in the browser (read from the page it drew), so the links the
 * browser renders match the server's.
 */
export const SiteOriginContext = createContext<string>(
  typeof window === 'undefined' ? '' : window.location.origin,
);

/** The page's path without the query string or a trailing slash (except the home page's). */
const cleanPath = (pathname: string) =>
  pathname === '/' ? pathname : pathname.replace(/\/+$/, '');

/**
 * The page's canonical address and its twin in each language for search engines (hreflang
 * fr, en and x-default, the French page): this origin and the path, without the query
 * string (an order failure's `?error=`) or a trailing slash. Rendered by React into <head>,
 * per page; a static one in index.html would name the home page for every route.
 */
export function AlternateLinks() {
  const origin = useContext(SiteOriginContext);
  // Inside the router's basename: the page's path without the /en prefix.
  const path = cleanPath(useLocation().pathname);
  const address = (language: (typeof LANGUAGES)[number]) =>
    `${origin}${pathInLanguage(path, language)}`;
  return (
    <>
      <link rel="canonical" href={address(currentLanguage())} />
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={address(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={address('fr')} />
    </>
  );
}
