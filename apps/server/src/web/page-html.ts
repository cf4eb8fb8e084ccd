import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@cadran/domain/constants';
import { z } from 'zod';
import { prepareAnswer, type PreparedAnswer } from '../http/prepared-answer';
import type { BuildVersion } from './build-version';

/**
 * The HTML of each page (docs/quality.md 'Lighthouse'): index.html with
 * `<link rel="modulepreload">` for the modules of that page and the visitor's language, as listed
 * by the build in `.vite/route-preloads.json` (apps/web/build/route-preloads.ts). The browser then
 * fetches the page's code while it fetches the entry, instead of after the entry has run and the
 * router has found the route: one round trip less before the page is drawn.
 */

const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const MANIFEST_FILE = '.vite/manifest.json';
/** The public pages' runtime (apps/web/src/islands/main.ts), an entry of the web build. */
const ISLANDS_ENTRY = 'src/islands/main.ts';

const ManifestSchema = z.object({
  [ISLANDS_ENTRY]: z.object({ file: z.string().regex(/^assets\/[\w.-]+\.js$/) }).optional(),
});

const RoutePreloadsSchema = z.object({
  routes: z.array(
    z.object({
      path: z.string().startsWith('/'),
      modules: z.record(z.string(), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/))),
    }),
  ),
});

interface PageEntry {
  pattern: RegExp;
  html: Partial<Record<Language, PreparedAnswer>>;
}

export interface PageHtml {
  /** The prepared HTML of the page at `pathname` in `language`, if the build listed one. */
  find(pathname: string, language: Language): PreparedAnswer | undefined;
  /**
   * index.html for a public page (docs/decisions/048-islands-on-public-pages.md): the
   * application's script and its preloads give way to the islands' small runtime; undefined
   * when the build has none.
   */
  islands(): string | undefined;
}

const APPLICATION_SCRIPTS =
  /<script type="module"(?: crossorigin)? src="\/assets\/[\w.-]+\.js"><\/script>\s*|<link rel="modulepreload"(?: crossorigin)? href="\/assets\/[\w.-]+\.js">\s*/g;

/** index.html with the islands' runtime in place of the application's script and preloads. */
export function islandsIndex(index: string, runtimeFile: string): string {
  return index
    .replace(APPLICATION_SCRIPTS, '')
    .replace(
      '</head>',
      () => `<script type="module" crossorigin src="/${runtimeFile}"></script></head>`,
    );
}

function readIslandsRuntime(manifestText: string): string | undefined {
  return ManifestSchema.parse(JSON.parse(manifestText))[ISLANDS_ENTRY]?.file;
}

/**
 * A router path as a regular expression: `:name` is one segment, `:name?` an optional one; a
 * trailing slash is allowed, as the SPA's router allows it.
 */
export function routePattern(routePath: string): RegExp {
  const segments = routePath.split('/').filter((segment) => segment !== '');
  const body = segments
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

const preloadLinks = (modules: readonly string[]) =>
  modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');

function buildPages(index: string, listText: string): PageEntry[] {
  const list = RoutePreloadsSchema.parse(JSON.parse(listText));
  return list.routes.map((route) => {
    const html: PageEntry['html'] = {};
    for (const language of ['fr', 'en'] as const) {
      const modules = route.modules[language];
      if (modules && modules.length > 0) {
        html[language] = prepareAnswer(index.replace('</head>', `${preloadLinks(modules)}</head>`));
      }
    }
    return { pattern: routePattern(route.path), html };
  });
}

/**
 * The build's page list, read again whenever the build's version moves (build-version.ts: a new
 * build under a running server must not send links to files it removed). Without the list, or
 * with one that cannot be read, every page gets the plain index.html, which is always correct.
 */
export function loadPageHtml(
  webDistDir: string,
  version: BuildVersion,
  onUnreadable: (error: unknown) => void = () => {},
): PageHtml {
  const listFile = path.join(webDistDir, ROUTE_PRELOADS_FILE);
  const manifestFile = path.join(webDistDir, MANIFEST_FILE);
  const indexFile = path.join(webDistDir, 'index.html');
  let stamp: string | undefined;
  let pages: PageEntry[] = [];
  let islandsHtml: string | undefined;

  const refresh = () => {
    const current = version.current();
    if (current === stamp) return;
    stamp = current;
    pages = [];
    islandsHtml = undefined;
    if (!existsSync(indexFile)) return;
    try {
      const index = readFileSync(indexFile, 'utf8');
      if (existsSync(listFile)) pages = buildPages(index, readFileSync(listFile, 'utf8'));
      const runtime = existsSync(manifestFile)
        ? readIslandsRuntime(readFileSync(manifestFile, 'utf8'))
        : undefined;
      if (runtime) islandsHtml = islandsIndex(index, runtime);
    } catch (error) {
      onUnreadable(error);
    }
  };
  refresh();

  return {
    find(pathname, language) {
      refresh();
      return pages.find((page) => page.pattern.test(pathname))?.html[language];
    },
    islands() {
      refresh();
      return islandsHtml;
    },
  };
}
