import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';

/** The home page's closing calls to action, to pricing and to contact. */
export function CallToAction() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-cta" className="pb-16 sm:pb-24">
      <Container>
        <div className="on-dark rounded-3xl bg-brand-900 px-6 py-12 text-center sm:px-12 sm:py-16">
          <h2 id="home-cta" className="text-white">
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">
            {t('cta.description')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton to="/pricing" size="lg" variant="inverse">
              {t('cta.pricing')}
            </LinkButton>
            <Link
              to="/contact"
              className="inline-flex min-h-12 items-center justify-center rounded-lg border border-white/50 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10"
            >
              {t('cta.contact')}
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}
