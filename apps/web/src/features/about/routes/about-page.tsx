import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { AboutStats, Mission, Values } from '../components/about-sections';
import { Team, Timeline } from '../components/team-and-timeline';

/** docs/product.md 'About': mission, values, team, timeline 2020 to 2024, stats, call to action. */
export function AboutPage() {
  const { t } = useTranslation(['about', 'common']);
  return (
    <>
      <PageMeta titleKey="meta.about.title" descriptionKey="meta.about.description" />
      <PageHeader
        eyebrow={t('header.eyebrow')}
        title={t('meta.about.title', { ns: 'common' })}
        intro={t('header.intro')}
      />
      <Mission />
      <Values />
      <Team />
      <Timeline />
      <AboutStats />
      <section aria-labelledby="about-cta" className="py-16 sm:py-24">
        <Container size="narrow" className="text-center">
          <h2 id="about-cta">{t('cta.title')}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-600">
            {t('cta.description')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton to="/contact" size="lg">
              {t('cta.contact')}
            </LinkButton>
            <LinkButton to="/pricing" size="lg" variant="outline">
              {t('cta.pricing')}
            </LinkButton>
          </div>
        </Container>
      </section>
    </>
  );
}
