import type { LicenseTemplate } from '@cadran/domain/catalog';
import type { Language } from '@cadran/domain/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { logger } from '@/lib/logger';

export const TEMPLATES_PATH = '/api/v1/website/templates';

/** Raised when the answer carries no templates list (spec 8, internal 'Aucun template disponible'). */
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

/** Spec 7 'GET /api/v1/website/templates', in the site's language (names, features). */
export async function getTemplates(lang: Language, signal?: AbortSignal): Promise<TemplateList> {
  // The schemas come with the request, not with the page (its first paint needs no zod).
  const [payload, { readTemplateList }] = await Promise.all([
    apiClient.get(`${TEMPLATES_PATH}?lang=${lang}`, { signal }),
    import('@cadran/domain/catalog'),
  ]);
  const list = readTemplateList(payload);
  if (!list) throw new NoTemplatesError();
  if (list.rejected > 0) logger.warning('Malformed templates skipped', { count: list.rejected });
  return { templates: list.templates, complete: list.rejected === 0 };
}

export const templatesQueryKey = (lang: Language) => ['pricing', 'templates', lang] as const;

/** Refetches when the language changes; the previous list stays on screen meanwhile. */
export function useTemplates(lang: Language) {
  return useQuery({
    queryKey: templatesQueryKey(lang),
    queryFn: ({ signal }) => getTemplates(lang, signal),
    placeholderData: keepPreviousData,
  });
}
