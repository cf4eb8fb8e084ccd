import { useQuery } from '@tanstack/react-query';
import { PricingPage } from '@/features/pricing/routes/pricing-page';
import { Island } from '@/islands/island';
import { catalogQuery } from '@/lib/catalog/catalog-query';
import { currentLanguage } from '@/lib/i18n';
import { PricingOfferIsland } from './pricing-offer-island';

/**
 * The pricing page with its offer as an island (docs/decisions/048-islands-on-public-pages.md):
 * the catalogue the server read for the page travels with the island as its props.
 */
export function PricingRoute() {
  const { data } = useQuery(catalogQuery(currentLanguage()));
  return (
    <PricingPage
      offer={
        <Island
          name="pricing-offer"
          component={PricingOfferIsland}
          props={{ list: data ?? null }}
        />
      }
    />
  );
}
