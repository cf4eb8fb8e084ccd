import { readTemplateList } from '@cadran/domain/catalog-reader';
import type { Language } from '@cadran/domain/constants';
import { languageOfPath, routerBasename } from '@cadran/domain/localized-path';
import { PublicReleasesResponseSchema } from '@cadran/domain/release-api';
import { RoadmapListSchema } from '@cadran/domain/roadmap';
import type { RenderInput, RenderResult } from '@cadran/domain/ssr-contract';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { AppProvider } from './app/provider';
import { createQueryClient } from '@/lib/query-client';
import { pageScripts } from './app/page-scripts';
import { SiteOriginContext } from './app/layout/alternate-links';
import { routes } from './app/routes';
import { serializeSsrState } from './app/ssr-state';
import { PublisherContext } from './lib/publisher';
import { SupportEmailContext } from './lib/support-email';
import { RELEASES_PATH, releasesKey } from './features/changelog/api/get-releases';
import { roadmapItemsKey } from './features/roadmap/api/get-roadmap';
import { catalogQueryKey, CATALOG_PATHS } from './lib/catalog/catalog-query';
import {
  IslandCollectorContext,
  islandIdPrefix,
  islandSlotMarkup,
  type IslandCollector,
  type IslandSlot,
} from './islands/island';
import { ISLANDS } from './islands/registry';
import { createTranslator, pickTexts, TextsContext, type Catalogue } from './islands/texts';
import { i18n } from './lib/i18n';

/**
 * Draws a page on the server (docs/decisions/023-pages-drawn-on-the-server.md), built by
 * `vite build --ssr` into `dist/.ssr/` and loaded by the server (apps/server/src/web/ssr.ts).
 * The route table, its pages and their code are the browser's own: the data router's static
 * handler matches the address and loads the page's module and texts, the data the page reads
 * is asked of the API first, and React renders to a string the browser then hydrates.
 */

/** The data each public page reads, under the query keys its components read it with. */
const PAGE_DATA: Record<
  string,
  (client: QueryClient, input: RenderInput, language: Language) => Promise<void>
> = {
  // The featured licences are drawn with the page: no request, no script for them.
  index: async (client, input, language) => {
    const read = readTemplateList(await input.fetchJson(CATALOG_PATHS.featured, language));
    if (read) {
      client.setQueryData(catalogQueryKey(language, 'featured'), {
        templates: read.templates,
        complete: read.rejected === 0,
      });
    }
  },
  pricing: async (client, input, language) => {
    const payload = await input.fetchJson(`${CATALOG_PATHS.all}?lang=${language}`, language);
    const read = readTemplateList(payload);
    if (read) {
      client.setQueryData(catalogQueryKey(language, 'all'), {
        templates: read.templates,
        complete: read.rejected === 0,
      });
    }
  },
  changelog: async (client, input, language) => {
    const parsed = PublicReleasesResponseSchema.safeParse(
      await input.fetchJson(RELEASES_PATH, language),
    );
    if (parsed.success) client.setQueryData(releasesKey, parsed.data.releases);
  },
  roadmap: async (client, input, language) => {
    const parsed = RoadmapListSchema.safeParse(
      await input.fetchJson('/api/v1/website/roadmap', language),
    );
    if (parsed.success) client.setQueryData(roadmapItemsKey, parsed.data.data);
  },
};

/**
 * i18n has one current language for the whole process and the pages read it while they
 * render: renders take turns, each switching to its page's language first.
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

/** The leading <title>, <meta> and <link> tags React puts before the markup belong in <head>. */
function splitHead(markup: string): { head: string; body: string } {
  const leading = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;
  let rest = markup;
  let head = '';
  for (let match = leading.exec(rest); match; match = leading.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

export function render(input: RenderInput): Promise<RenderResult> {
  return inTurn(async () => {
    const address = new URL(input.url, input.origin);
    const language = languageOfPath(address.pathname);
    await i18n.changeLanguage(language);

    const handler = createStaticHandler(routes, { basename: routerBasename(language) });
    const context = await handler.query(new Request(address.href));
    if (context instanceof Response) {
      const location = context.headers.get('location') ?? '/';
      // The English home page's address is /en/ (docs/decisions/024-english-at-its-own-addresses.md).
      return {
        kind: 'redirect',
        status: context.status,
        location: location === '/en' ? '/en/' : location,
      };
    }

    const client = createQueryClient();
    const loads = context.matches.flatMap((match) => {
      const key = match.route.index ? 'index' : match.route.path;
      const load = key ? PAGE_DATA[key] : undefined;
      return load ? [load(client, input, language)] : [];
    });
    await Promise.all(loads);

    const scripts = pageScripts(context);
    if (scripts === 'islands') await i18n.loadNamespaces(ISLAND_NAMESPACES);
    // The page's texts were loaded by its route in the language of the moment: make sure.
    await i18n.changeLanguage(language);

    if (scripts === 'islands') {
      const islands = new DrawnIslands(language);
      const markup = renderApp(handler.dataRoutes, client, context, input, islands);
      const { head, body } = splitHead(markup);
      return {
        kind: 'page',
        status: context.statusCode,
        language,
        head,
        body: islands.fillSlots(body),
        state: '',
        scripts,
      };
    }

    const markup = renderApp(handler.dataRoutes, client, context, input, null);
    const { head, body } = splitHead(markup);
    const state = serializeSsrState({
      origin: input.origin,
      supportEmail: input.supportEmail,
      publisher: input.publisher,
      language,
      queries: dehydrate(client),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      },
    });
    return { kind: 'page', status: context.statusCode, language, head, body, state, scripts };
  });
}

function renderApp(
  dataRoutes: StaticHandler['dataRoutes'],
  client: QueryClient,
  context: StaticHandlerContext,
  { origin, supportEmail, publisher }: Pick<RenderInput, 'origin' | 'supportEmail' | 'publisher'>,
  islands: IslandCollector | null,
): string {
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <IslandCollectorContext value={islands}>
        <AppProvider client={client}>
          <SiteOriginContext value={origin}>
            <SupportEmailContext value={supportEmail}>
              <PublisherContext value={publisher}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </PublisherContext>
            </SupportEmailContext>
          </SiteOriginContext>
        </AppProvider>
      </IslandCollectorContext>
    </StrictMode>,
  );
}

const ISLAND_NAMESPACES = [
  ...new Set(Object.values(ISLANDS).flatMap((entry) => Object.keys(entry.texts))),
];

/**
 * The islands of a page being drawn (docs/decisions/048-islands-on-public-pages.md): each one
 * placed gets a number, its texts and its props as JSON; once the page is drawn, each is drawn
 * as a root of its own, exactly as the browser will hydrate it (same texts, same id prefix),
 * into its placeholder.
 */
class DrawnIslands implements IslandCollector {
  private readonly slots: { slot: IslandSlot; texts: Catalogue }[] = [];

  constructor(private readonly language: Language) {}

  add(slot: IslandSlot) {
    const entry = ISLANDS[slot.name];
    const texts: Catalogue = Object.fromEntries(
      Object.entries(entry.texts).map(([namespace, keys]) => [
        namespace,
        pickTexts(
          i18n.getResourceBundle(this.language, namespace) as Record<string, unknown>,
          keys,
        ),
      ]),
    );
    const index = this.slots.push({ slot, texts }) - 1;
    const payload = JSON.stringify({ language: this.language, texts, props: slot.props });
    return { index, payload, wake: entry.wake };
  }

  fillSlots(body: string): string {
    return this.slots.reduce((html, { slot, texts }, index) => {
      const Component = slot.component as ComponentType<object>;
      const island = renderToString(
        <TextsContext value={createTranslator(this.language, texts)}>
          <Component {...slot.props} />
        </TextsContext>,
        { identifierPrefix: islandIdPrefix(index) },
      );
      return html.replace(islandSlotMarkup(index), () => island);
    }, body);
  }
}
