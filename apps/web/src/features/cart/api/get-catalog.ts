import type { LicenseTemplate } from '@cadran/domain/catalog';
import type { Language } from '@cadran/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import { useCartStore } from '../store/cart-store';

/**
 * The catalogue as the cart sees it (spec 7 'GET /api/v1/website/templates'): what is still
 * sold, with current prices and texts in the site's language. A failed or malformed answer
 * gives null and leaves the cart as it is: the cart never empties itself on a network error.
 */
export async function getCatalog(
  lang: Language,
  signal?: AbortSignal,
): Promise<LicenseTemplate[] | null> {
  // The schemas come with the request, not with the page (its first paint needs no zod).
  const [payload, { readTemplateList }] = await Promise.all([
    apiClient.get(`/api/v1/website/templates?lang=${lang}`, { signal }),
    import('@cadran/domain/catalog'),
  ]);
  const list = readTemplateList(payload);
  // Malformed entries would read as "no longer sold": only a clean list may drop lines.
  return list && list.rejected === 0 ? list.templates : null;
}

/** Issue 4: lines whose template no longer exists are dropped once the catalogue is loaded. */
export function useCatalogSync(lang: Language, enabled: boolean): void {
  const syncWithCatalog = useCartStore((state) => state.syncWithCatalog);
  const { data } = useQuery({
    queryKey: ['cart', 'catalog', lang],
    queryFn: ({ signal }) => getCatalog(lang, signal),
    enabled,
  });
  useEffect(() => {
    if (data) syncWithCatalog(data);
  }, [data, syncWithCatalog]);
}
