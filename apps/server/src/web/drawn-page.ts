import type { Language } from '@cadran/domain/constants';

/**
 * Puts a page drawn on the server into index.html: its title, description, canonical and
 * hreflang links in <head> instead of index.html's static ones, its markup inside #root, the
 * state the browser hydrates it with as a JSON data block (never run, so the strict CSP needs
 * no nonce or hash for it), and `<html lang>` in the page's language.
 */
const STATIC_HEAD =
  /<title>[\s\S]*?<\/title>\s*|<meta\s+(?:name="description"|property="og:(?:title|description|locale)")[^>]*>\s*/g;

export interface DrawnPage {
  language: Language;
  head: string;
  body: string;
  /** Empty for a page with islands: nothing to hand over. */
  state: string;
}

// Replacements are functions: a `$` in the page's text must stay a `$`.
export function pageHtml(index: string, page: DrawnPage): string {
  return index
    .replace(STATIC_HEAD, '')
    .replace(/<html lang="[a-z]+"/, () => `<html lang="${page.language}"`)
    .replace('</head>', () => `${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`)
    .replace('</body>', () =>
      page.state === ''
        ? '</body>'
        : `<script type="application/json" id="ssr-state">${page.state}</script></body>`,
    );
}
