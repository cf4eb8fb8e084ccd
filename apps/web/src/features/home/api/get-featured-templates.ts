import { useQuery } from '@tanstack/react-query';
import { HOME_FEATURED_MAX, type Language } from '@cadran/domain/constants';
import type { CatalogTemplate } from '@cadran/domain/catalog';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useAfterLoad } from '@/lib/use-after-load';

/** Spec 7: the legacy path the home page reads its featured licences from. */
export const FEATURED_TEMPLATES_PATH = '/website/templates/featured';

/**
 * Spec 2 'Home': up to three featured templates, in the order the server gives. The answer's
 * schema is loaded with the request, not with the page, so the home page's first paint ships
 * no validation library.
 */
export async function getFeaturedTemplates(
  language: Language,
  signal?: AbortSignal,
): Promise<CatalogTemplate[]> {
  const { TemplatesResponseSchema, toTemplate } = await import('@cadran/domain/catalog');
  const answer = await apiClient.get(FEATURED_TEMPLATES_PATH, {
    schema: TemplatesResponseSchema,
    headers: { 'Accept-Language': language },
    ...(signal ? { signal } : {}),
  });
  return answer.templates.slice(0, HOME_FEATURED_MAX).map(toTemplate);
}

/** Below the fold: asked for once the page has loaded (its first paint never waits on it). */
export function useFeaturedTemplates() {
  const language = currentLanguage();
  const pageLoaded = useAfterLoad();
  return useQuery({
    queryKey: ['templates', 'featured', language],
    queryFn: ({ signal }) => getFeaturedTemplates(language, signal),
    enabled: pageLoaded,
  });
}
