import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ComparisonTable } from '../components/comparison-table';
import { FeatureAreas } from '../components/feature-areas';
import { TechSpecs } from '../components/tech-specs';

const SECTIONS = [
  ['areas', 'nav.areas'],
  ['specs', 'nav.specs'],
  ['comparison', 'nav.comparison'],
] as const;

/** docs/product.md 'Features': feature lists, technical specifications and the comparison table. */
export function FeaturesPage() {
  const { t } = useTranslation(['features', 'common']);
  return (
    <>
      <PageMeta titleKey="meta.features.title" descriptionKey="meta.features.description" />
      <PageHeader
        eyebrow={t('header.eyebrow')}
        title={t('meta.features.title', { ns: 'common' })}
        intro={t('header.intro')}
      >
        <nav aria-label={t('nav.label')}>
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map(([id, key]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex min-h-10 items-center rounded-full bg-white px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <FeatureAreas />
      <TechSpecs />
      <ComparisonTable />
      <section aria-labelledby="features-cta" className="pb-16 sm:pb-24">
        <Container>
          <div className="rounded-3xl border border-brand-200 bg-brand-50 px-6 py-12 text-center sm:px-12">
            <h2 id="features-cta">{t('cta.title')}</h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-700">
              {t('cta.description')}
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <LinkButton to="/contact" size="lg">
                {t('cta.demo')}
              </LinkButton>
              <LinkButton to="/pricing" size="lg" variant="outline">
                {t('cta.pricing')}
              </LinkButton>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
