import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { PRICING_PLANS_ID } from './pricing-plans-id';

/**
 * Pricing page help section: the contact page, and back up to the plans of this page (the
 * store's entry is this page: /store itself leads here).
 */
export function PricingHelp() {
  const { t } = useTranslation('pricing');
  return (
    <section aria-labelledby="pricing-help-title" className="py-16 sm:py-20">
      <Container>
        <div className="flex flex-col items-start gap-6 rounded-card bg-brand-900 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="pricing-help-title" className="text-white">
              {t('help.title')}
            </h2>
            <p className="mt-3 text-lg leading-8 text-brand-100">{t('help.text')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <LinkButton to="/contact" variant="inverse" size="lg">
              {t('help.contact')}
            </LinkButton>
            <LinkButton
              to={{ hash: PRICING_PLANS_ID }}
              size="lg"
              className="bg-transparent text-white ring-1 ring-white/60 hover:bg-white/10"
            >
              {t('help.plans')}
            </LinkButton>
          </div>
        </div>
      </Container>
    </section>
  );
}
