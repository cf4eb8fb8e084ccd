import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogTemplate } from '@cadran/domain/catalog';
import { translateMessage } from '@cadran/domain/messages';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { catalogQuery } from '@/lib/catalog/catalog-query';
import { selectFeatured } from '@/lib/catalog/selectors';
import { formatCents } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAfterLoad } from '@/lib/use-after-load';
import { CheckIcon } from '@/components/icons/line-icons';

/** Features shown per card (limits and updates are among them); pricing lists them all. */
const FEATURES_SHOWN = 5;

function TemplateCard({ template }: { template: CatalogTemplate }) {
  const { t } = useTranslation('home');
  const language = currentLanguage();
  const headingId = useId();
  const period = t(`featured.per.${template.billingCycle}`);
  return (
    <li className="flex flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId}>{template.name}</h3>
        <Badge tone="brand">{translateMessage(`cycle.${template.billingCycle}`, language)}</Badge>
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-600">{template.description}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold tracking-tight text-slate-900">
          {formatCents(template.priceCents, language)}
        </span>
        <span className="text-sm font-medium text-slate-600">{period}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {template.setupFeeCents > 0
          ? t('featured.setupFee', { amount: formatCents(template.setupFeeCents, language) })
          : t('featured.noSetupFee')}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {template.billingCycle === 'one_time'
          ? t('featured.noRenewal')
          : t('featured.renewal', {
              amount: formatCents(template.renewalPriceCents, language),
              period,
            })}
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 border-t border-slate-100 pt-5 text-sm text-slate-700">
        {template.features.slice(0, FEATURES_SHOWN).map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <LinkButton to="/pricing" className="mt-6" fullWidth aria-describedby={headingId}>
        {t('featured.cta')}
      </LinkButton>
    </li>
  );
}

/** Below the fold: asked for once the page has loaded (its first paint never waits on it). */
function useFeaturedTemplates() {
  const pageLoaded = useAfterLoad();
  return useQuery({
    ...catalogQuery(currentLanguage(), 'featured'),
    select: selectFeatured,
    enabled: pageLoaded,
  });
}

/**
 * Up to three featured templates with a pricing preview (docs/product.md 'Home'). The section is
 * not rendered at all while loading, when the server has none, or when the call fails: the page
 * reads complete without it.
 */
export function FeaturedTemplates() {
  const { t } = useTranslation('home');
  const { data } = useFeaturedTemplates();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="home-featured" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="home-featured"
          eyebrow={t('featured.eyebrow')}
          title={t('featured.title')}
          description={t('featured.description')}
          align="center"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {data.map((template) => (
            <TemplateCard key={template.id} template={template} />
          ))}
        </ul>
        <p className="mt-10 text-center">
          <LinkButton to="/pricing" variant="outline">
            {t('featured.all')}
          </LinkButton>
        </p>
      </Container>
    </section>
  );
}
