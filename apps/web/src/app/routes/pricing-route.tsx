import type { LicenseTemplate } from '@cadran/domain/catalog';
import { useCatalogSync } from '@/features/cart/hooks/use-catalog-sync';
import { useCartStore } from '@/features/cart/store/cart-store';
import { PricingPage } from '@/features/pricing/routes/pricing-page';
import { currentLanguage } from '@/lib/i18n';

/**
 * Features never import each other, so the app composes them: the pricing page gets the
 * cart's add action, and the cart reads the same catalogue the page shows to drop the
 * templates no longer sold.
 */
export function PricingRoute() {
  const addItem = useCartStore((state) => state.addItem);
  const hasItems = useCartStore((state) => state.items.length > 0);
  useCatalogSync(currentLanguage(), hasItems);
  return <PricingPage onAddToCart={(template: LicenseTemplate) => addItem(template)} />;
}
