import { LANGUAGES } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';

/**
 * The public, indexable pages of the site (docs/product.md 'Pages and routes'), each at its
 * French address; the English twin is the same path under /en. The cart, checkout, order and
 * account pages are private or empty for a crawler and are left out, as robots.txt says.
 */
export interface PublicPage {
  path: string;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  { path: '/features', changefreq: 'monthly', priority: 0.8 },
  { path: '/pricing', changefreq: 'weekly', priority: 0.9 },
  { path: '/about', changefreq: 'yearly', priority: 0.5 },
  { path: '/contact', changefreq: 'yearly', priority: 0.6 },
  { path: '/roadmap', changefreq: 'daily', priority: 0.7 },
  { path: '/changelog', changefreq: 'weekly', priority: 0.6 },
  { path: '/legal/notice', changefreq: 'yearly', priority: 0.2 },
  { path: '/legal/privacy', changefreq: 'yearly', priority: 0.2 },
  { path: '/legal/terms', changefreq: 'yearly', priority: 0.2 },
  { path: '/legal/sales', changefreq: 'yearly', priority: 0.3 },
  { path: '/legal/license', changefreq: 'yearly', priority: 0.3 },
];

/** Every public page's address in both languages (`/pricing`, `/en/pricing`, …). */
export const PUBLIC_PAGE_ADDRESSES: ReadonlySet<string> = new Set(
  PUBLIC_PAGES.flatMap((page) => LANGUAGES.map((language) => pathInLanguage(page.path, language))),
);
