import { LANGUAGES } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { PUBLIC_PAGES } from './public-pages';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml: every public page in French and in English, each entry naming both twins and
 * the default (French) one, as search engines read language versions (xhtml:link hreflang).
 */
export function sitemapXml(publicUrl: string): string {
  const address = (path: string) => escapeXml(`${publicUrl}${path}`);
  const urls = PUBLIC_PAGES.flatMap((page) => {
    const twins = [
      ...LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${address(pathInLanguage(page.path, language))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${address(page.path)}"/>`,
    ].join('');
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${address(pathInLanguage(page.path, language))}</loc>${twins}` +
        `<changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
