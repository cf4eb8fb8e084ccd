import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@cadran/domain/constants';
import { languageOfPath, pathWithoutLanguage } from '@cadran/domain/localized-path';
import type { FastifyInstance } from 'fastify';
import { prepareAnswer, type PreparedAnswer } from '../http/prepared-answer';
import type { BuildVersion } from './build-version';
import { pageHtml } from './drawn-page';
import type { PageHtml } from './page-html';
import { PUBLIC_PAGE_ADDRESSES } from './public-pages';
import { loadPageRenderer } from './ssr';
import type { LegalPublisher } from '@cadran/domain/legal-publisher';

/**
 * Pages drawn on the server per request, kept a few seconds (docs/decisions/023-pages-drawn-on-the-server.md).
 * A drawn page holds catalogue and roadmap data, so the whole cache is dropped whenever one of
 * the server's read caches is (an admin change, a roadmap event from another process), and an
 * entry never outlives the shortest of them. A public page reads nothing from the query string
 * (a campaign's `?utm_source=…`, a shared `?cycle=yearly`): it is served from the drawing of its
 * bare address, and the browser carries the query to the language twin (src/islands/main.ts in
 * the web app). Other addresses with a query string are drawn each time (keying on the query
 * would let anyone fill the memory, and drawing per query a public page would let anyone keep
 * the drawings busy).
 *
 * Visitors who ask for a page while it is being drawn wait for that drawing instead of starting
 * one each: drawings take turns (the web entry's one i18n instance), so under 50 connections
 * every miss queued its own drawing behind the first and the page took seconds to come. A
 * drawing begun before the data changed is handed to those already waiting but not kept.
 */

const PAGE_TTL_MS = 5_000;
/** How long past its expiry a page is served while it is drawn again (the read caches' limit). */
const STALE_PAGE_LIMIT_MS = 60_000;
const MAX_PAGES = 200;

const drawingKey = (stamp: string, pathname: string) => `${stamp}\n${pathname}`;

export type DrawnAnswer =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; answer: PreparedAnswer };

interface CachedPage {
  expiresAt: number;
  stamp: string;
  answer: DrawnAnswer;
}

export interface DrawnPages {
  /** The page at `url` drawn in its address's language, or null when the build cannot draw. */
  draw(url: string): Promise<DrawnAnswer | null>;
  close(): void;
}

export function createDrawnPages(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    publicUrl: string;
    /** The support address setting, which the drawn pages show. */
    supportEmail: string;
    /** The seller's legal identity, which the legal pages show. */
    publisher: LegalPublisher;
    pages: PageHtml;
    version: BuildVersion;
    /** Calls back when the data pages are drawn with changes; returns the way to stop. */
    onDataChanged: (listener: () => void) => () => void;
  },
): DrawnPages {
  const renderer = loadPageRenderer(options.webDistDir, options.version);
  const indexFile = path.join(options.webDistDir, 'index.html');
  const cache = new Map<string, CachedPage>();
  /** The drawing under way per build stamp and address, which later misses join. */
  const drawing = new Map<string, Promise<DrawnAnswer | null>>();
  /** Moves on each data change: a drawing that began before it is not kept. */
  let generation = 0;
  const stopListening = options.onDataChanged(() => {
    generation += 1;
    cache.clear();
    drawing.clear();
  });

  const fetchJson = async (apiPath: string, language: Language): Promise<unknown> => {
    const res = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { 'accept-language': language },
    });
    if (res.statusCode !== 200) throw new Error(`${apiPath} answered ${res.statusCode}`);
    return res.json();
  };

  const drawNow = async (url: string, pathname: string): Promise<DrawnAnswer | null> => {
    const render = await renderer.current();
    if (!render) return null;
    const result = await render({
      url,
      origin: options.publicUrl,
      supportEmail: options.supportEmail,
      publisher: options.publisher,
      fetchJson,
    });
    if (result.kind === 'redirect') {
      return { kind: 'redirect', status: result.status, location: result.location };
    }
    const language = languageOfPath(pathname);
    // A public page gets the islands' runtime; a page of the application its own
    // modulepreload links when the build listed them, else the plain index.
    const islands = result.scripts === 'islands' ? options.pages.islands() : undefined;
    const index =
      islands ??
      options.pages.find(pathWithoutLanguage(pathname), language)?.body ??
      readFileSync(indexFile, 'utf8');
    return { kind: 'page', status: result.status, answer: prepareAnswer(pageHtml(index, result)) };
  };

  /** The drawing of `pathname` under way, or a new one, kept when it ends if nothing changed. */
  const drawAndKeep = (pathname: string, stamp: string): Promise<DrawnAnswer | null> => {
    const key = drawingKey(stamp, pathname);
    const under = drawing.get(key);
    if (under) return under;
    const startedIn = generation;
    const startedAt = Date.now();
    const drawn = drawNow(pathname, pathname)
      .then((answer) => {
        if (answer && generation === startedIn) {
          if (cache.size >= MAX_PAGES) cache.clear();
          cache.set(pathname, { expiresAt: startedAt + PAGE_TTL_MS, stamp, answer });
        }
        return answer;
      })
      .finally(() => {
        if (drawing.get(key) === drawn) drawing.delete(key);
      });
    drawing.set(key, drawn);
    return drawn;
  };

  return {
    async draw(url) {
      const [pathname = '/', query] = url.split('?');
      if (query !== undefined && !PUBLIC_PAGE_ADDRESSES.has(pathname))
        return drawNow(url, pathname);
      const stamp = options.version.current();
      const cached = cache.get(pathname);
      if (cached && cached.stamp === stamp) {
        const now = Date.now();
        if (cached.expiresAt > now) return cached.answer;
        // Expired by time alone (a data change empties the cache): served while it is drawn
        // again, as the read caches serve their values (src/db/read-cache.ts), so a visitor
        // never waits for a drawing queued behind the database.
        if (now - cached.expiresAt < STALE_PAGE_LIMIT_MS) {
          // Started (and its failure logged) once, by the first visitor after the time limit.
          if (!drawing.has(drawingKey(stamp, pathname)))
            drawAndKeep(pathname, stamp).catch((error: unknown) => {
              app.log.error({ err: error, url: pathname }, 'drawing a page again failed');
            });
          return cached.answer;
        }
      }
      return drawAndKeep(pathname, stamp);
    },
    close() {
      stopListening();
      cache.clear();
      drawing.clear();
    },
  };
}
