import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { PricingFaq } from '../components/pricing-faq';
import { PricingHelp } from '../components/pricing-help';
import { PRICING_PLANS_ID } from '../components/pricing-plans-id';

export interface PricingPageProps {
  /** The cycle toggle and the cards (PricingOffer, with the cart's add action). */
  offer: ReactNode;
}

/**
 * docs/product.md 'Pricing and the catalogue' ('The pricing page'): cycle toggle, templates of the
 * cycle, FAQ and help. The server's HTML, the offer its one island
 * (docs/decisions/048-islands-on-public-pages.md).
 */
export function PricingPage({ offer }: PricingPageProps) {
  const { t } = useTranslation('pricing');
  return (
    <>
      <PageMeta titleKey="meta.pricing.title" descriptionKey="meta.pricing.description" />
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('meta.pricing.title', { ns: 'common' })}
        intro={t('meta.pricing.description', { ns: 'common' })}
      />
      <section
        id={PRICING_PLANS_ID}
        aria-labelledby="pricing-plans-title"
        className="scroll-mt-16 py-12 sm:py-16"
      >
        <Container>
          <h2 id="pricing-plans-title" className="sr-only">
            {t('plans.title')}
          </h2>
          {offer}
        </Container>
      </section>
      <PricingFaq />
      <PricingHelp />
    </>
  );
}
