import type { Language } from '@cadran/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogQuery } from '@/lib/catalog/catalog-query';
import { selectCompleteTemplates } from '@/lib/catalog/selectors';
import { useCartStore } from '../store/cart-store';

/**
 * Catalogue sync (docs/product.md 'Cart'): lines whose template is no longer sold are dropped, and
 * the others take the current prices and texts, once the catalogue is loaded. A failed or
 * incomplete answer leaves the cart as it is: the cart never empties itself on a network error.
 */
export function useCatalogSync(lang: Language, enabled: boolean): void {
  const syncWithCatalog = useCartStore((state) => state.syncWithCatalog);
  const { data } = useQuery({ ...catalogQuery(lang), select: selectCompleteTemplates, enabled });
  useEffect(() => {
    if (data) syncWithCatalog(data);
  }, [data, syncWithCatalog]);
}
