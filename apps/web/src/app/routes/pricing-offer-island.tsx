import { pathInLanguage } from '@cadran/domain/localized-path';
import { useEffect, useMemo } from 'react';
import { useCartStore } from '@/features/cart/store/cart-store';
import { PricingOffer } from '@/features/pricing/components/pricing-offer';
import { useTexts } from '@/islands/texts';
import type { TemplateList } from '@/lib/catalog/catalog-query';
import { selectCompleteTemplates } from '@/lib/catalog/selectors';

export interface PricingOfferIslandProps {
  list: TemplateList | null;
}

/**
 * Features never import each other, so the app composes them: the pricing page's offer gets the
 * cart's add action, and the cart takes the prices and texts of the catalogue the page shows,
 * dropping the templates no longer sold (docs/product.md 'Cart'; an incomplete list changes
 * nothing). The cart is an application of its own: reaching it is a page load.
 */
export function PricingOfferIsland({ list }: PricingOfferIslandProps) {
  const { language } = useTexts();
  const addItem = useCartStore((state) => state.addItem);
  const syncWithCatalog = useCartStore((state) => state.syncWithCatalog);
  const hasItems = useCartStore((state) => state.items.length > 0);
  const sold = useMemo(() => (list ? selectCompleteTemplates(list) : null), [list]);

  useEffect(() => {
    if (hasItems && sold) syncWithCatalog(sold);
  }, [hasItems, sold, syncWithCatalog]);

  return (
    <PricingOffer
      list={list}
      onAddToCart={(template) => addItem(template)}
      onAdded={() => window.location.assign(pathInLanguage('/store/cart', language))}
    />
  );
}
