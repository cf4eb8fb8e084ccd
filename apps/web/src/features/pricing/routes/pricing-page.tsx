import type { LicenseTemplate } from '@cadran/domain/catalog';
import { translateMessage } from '@cadran/domain/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { catalogQuery } from '@/lib/catalog/catalog-query';
import { selectByCycle } from '@/lib/catalog/selectors';
import { currentLanguage } from '@/lib/i18n';
import { PricingFaq } from '../components/pricing-faq';
import { PricingHelp } from '../components/pricing-help';
import { PricingPlans } from '../components/pricing-plans';

export interface PricingPageProps {
  /** Puts the template in the cart; a failure is thrown (features do not know each other). */
  onAddToCart?: (template: LicenseTemplate) => void | Promise<void>;
}

/**
 * docs/product.md 'Pricing and the catalogue' ('The pricing page'): cycle toggle, templates of the
 * cycle, FAQ and help.
 */
export function PricingPage({ onAddToCart }: PricingPageProps) {
  const { t } = useTranslation('pricing');
  const lang = currentLanguage();
  const navigate = useNavigate();
  // On a language switch the previous list stays on screen until the new one arrives.
  const query = useQuery({
    ...catalogQuery(lang),
    select: selectByCycle,
    placeholderData: keepPreviousData,
  });
  const [addingId, setAddingId] = useState<number | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const add = async (template: LicenseTemplate) => {
    setAddError(null);
    setAddingId(template.id);
    try {
      await onAddToCart?.(template);
      await navigate('/store/cart');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // 'Erreur lors de l'ajout au panier: ' plus the reason.
      setAddError(t('card.addFailed', { reason: translateMessage(reason, lang) }));
      setAddingId(null);
    }
  };

  return (
    <>
      <PageMeta titleKey="meta.pricing.title" descriptionKey="meta.pricing.description" />
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('meta.pricing.title', { ns: 'common' })}
        intro={t('meta.pricing.description', { ns: 'common' })}
      />
      <section aria-labelledby="pricing-plans-title" className="py-12 sm:py-16">
        <Container>
          <h2 id="pricing-plans-title" className="sr-only">
            {t('plans.title')}
          </h2>
          {addError && (
            <Alert tone="error" className="mb-8">
              {addError}
            </Alert>
          )}
          <PricingPlans
            catalog={query.data}
            status={query.status}
            onRetry={() => void query.refetch()}
            addingId={addingId}
            onAdd={(template) => void add(template)}
          />
          {query.data && query.data.cycles.length > 0 && (
            <div className="mx-auto mt-10 max-w-3xl space-y-1 text-center text-sm text-slate-600">
              <p>{t('notes.vat')}</p>
              <p>{t('notes.extras')}</p>
            </div>
          )}
        </Container>
      </section>
      <PricingFaq />
      <PricingHelp />
    </>
  );
}
