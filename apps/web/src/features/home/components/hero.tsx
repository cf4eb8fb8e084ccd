import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { Island } from '@/islands/island';
import { HeroShowcase } from './hero-showcase';
import { CheckIcon } from '@/components/icons/line-icons';

/** The home page's hero: its h1, its promise, the two calls to action and the showcase. */
export function Hero() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <header className="relative overflow-hidden border-b border-slate-200 bg-linear-to-b from-brand-50 via-white to-white">
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:gap-16">
        <div className="max-w-xl">
          <p className="mb-4 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t('hero.eyebrow')}
          </p>
          {/* The page title doubles as the h1, so search results and the page say the same. */}
          <h1 className="text-4xl leading-tight sm:text-5xl">
            {t('meta.home.title', { ns: 'common' })}
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-600">{t('hero.intro')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LinkButton to="/pricing" size="lg">
              {t('hero.primaryCta')}
            </LinkButton>
            <LinkButton to="/contact" size="lg" variant="outline">
              {t('hero.secondaryCta')}
            </LinkButton>
          </div>
          <p className="mt-5 flex items-center gap-2 text-sm font-medium text-slate-700">
            <CheckIcon className="size-5 shrink-0 text-emerald-700" />
            {t('hero.guarantee')}
          </p>
        </div>
        <Island name="hero-showcase" component={HeroShowcase} props={{}} />
      </Container>
    </header>
  );
}
