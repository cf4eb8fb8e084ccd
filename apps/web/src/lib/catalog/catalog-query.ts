import { readTemplateList } from '@cadran/domain/catalog-reader';
import type { LicenseTemplate } from '@cadran/domain/catalog-template';
import type { Language } from '@cadran/domain/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { logger } from '@/lib/logger';

/**
 * The catalogue as every page reads it (docs/product.md 'Pricing and the catalogue'): one request
 * function, one query key per language and list, and the selectors of `selectors.ts` for what each
 * page shows. The cart, the checkout and the pricing page share the same cached list, so moving
 * between them asks the server once.
 */

/**
 * Every template on sale, and the featured ones. The home page keeps reading the featured
 * list from the legacy /website path, with the language in the header and no query
 * string, exactly as it always asked for it.
 */
export const CATALOG_PATHS = {
  all: '/api/v1/website/templates',
  featured: '/website/templates/featured',
} as const;

export type CatalogList = keyof typeof CATALOG_PATHS;

/** Raised when the answer carries no templates list (internal 'Aucun template disponible'). */
export class NoTemplatesError extends Error {
  override readonly name = 'NoTemplatesError';
  constructor() {
    super('Aucun template disponible');
  }
}

export interface TemplateList {
  templates: LicenseTemplate[];
  /** False when malformed entries were skipped: the list may then miss templates on sale. */
  complete: boolean;
}

const requestPath = (lang: Language, list: CatalogList): string =>
  list === 'all' ? `${CATALOG_PATHS.all}?lang=${lang}` : CATALOG_PATHS.featured;

/** Names, descriptions and features come in the site's language. */
export async function getCatalog(
  lang: Language,
  list: CatalogList = 'all',
  signal?: AbortSignal,
): Promise<TemplateList> {
  // Read by hand, not with the zod schema: the cart reads this and ships no zod.
  const payload = await apiClient.get(requestPath(lang, list), {
    headers: { 'Accept-Language': lang },
    signal,
  });
  const read = readTemplateList(payload);
  if (!read) throw new NoTemplatesError();
  if (read.rejected > 0) logger.warning('Malformed templates skipped', { count: read.rejected });
  return { templates: read.templates, complete: read.rejected === 0 };
}

export const catalogQueryKey = (lang: Language, list: CatalogList = 'all') =>
  ['catalog', list, lang] as const;

/** Spread into useQuery with the selector (and options) the page needs. */
export const catalogQuery = (lang: Language, list: CatalogList = 'all') =>
  queryOptions({
    queryKey: catalogQueryKey(lang, list),
    queryFn: ({ signal }) => getCatalog(lang, list, signal),
  });
