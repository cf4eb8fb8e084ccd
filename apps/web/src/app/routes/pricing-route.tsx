import type { LicenseTemplate } from '@cadran/domain/catalog';
import { useCartStore } from '@/features/cart/store/cart-store';
import { PricingPage } from '@/features/pricing/routes/pricing-page';

/**
 * Features never import each other, so the app composes them: the pricing page gets the
 * cart's add action and tells the cart which templates are still sold.
 */
export function PricingRoute() {
  const addItem = useCartStore((state) => state.addItem);
  const syncWithCatalog = useCartStore((state) => state.syncWithCatalog);
  return (
    <PricingPage
      onAddToCart={(template: LicenseTemplate) => addItem(template)}
      onCatalogLoaded={syncWithCatalog}
    />
  );
}
