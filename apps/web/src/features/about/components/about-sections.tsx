import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

const VALUES = ['clarity', 'reliability', 'proximity', 'openness'] as const;
const VALUE_ICONS: Record<(typeof VALUES)[number], string> = {
  clarity:
    'M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12zM12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  reliability: 'M12 3 5 6v5.5c0 4.4 3 8.2 7 9.5 4-1.3 7-5.1 7-9.5V6zM9 12l2.2 2.2L15.5 10',
  proximity: 'M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5',
  openness:
    'M4 12a8 8 0 1 0 16 0 8 8 0 0 0-16 0zM4 12h16M12 4c2.2 2.3 3.3 5 3.3 8s-1.1 5.7-3.3 8c-2.2-2.3-3.3-5-3.3-8S9.8 6.3 12 4z',
};

function paragraphs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
}

/** About page: mission. */
export function Mission() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-mission" className="py-16 sm:py-20">
      <Container className="grid gap-10 lg:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)] lg:gap-16">
        <div>
          <h2 id="about-mission">{t('mission.title')}</h2>
          <p className="mt-5 border-l-4 border-brass-400 pl-5 text-xl leading-8 font-medium text-slate-900">
            {t('mission.lead')}
          </p>
        </div>
        <div className="space-y-5 text-lg leading-8 text-slate-700">
          {paragraphs(t('mission.paragraphs', { returnObjects: true })).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </Container>
    </section>
  );
}

/** About page: values. */
export function Values() {
  const { t } = useTranslation('about');
  return (
    <section
      aria-labelledby="about-values"
      className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20"
    >
      <Container>
        <SectionHeading
          id="about-values"
          title={t('values.title')}
          description={t('values.description')}
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li
              key={value}
              className="rounded-card border border-slate-200 bg-white p-6 shadow-card"
            >
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <svg
                  className="size-6"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.8}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={VALUE_ICONS[value]} />
                </svg>
              </span>
              <h3 className="mt-4">{t(`values.items.${value}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">
                {t(`values.items.${value}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const STATS = ['clients', 'uptime', 'support', 'reply'] as const;

/** About page: stats (the marketing claims of docs/product.md 'Languages and texts'). */
export function AboutStats() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-stats" className="on-dark bg-brand-950 py-14 text-white">
      <Container>
        <h2 id="about-stats" className="text-center text-white">
          {t('stats.title')}
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-y-10 lg:grid-cols-4">
          {STATS.map((stat) => (
            <li key={stat} className="flex flex-col items-center px-3 text-center">
              <span className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
                {t(`stats.items.${stat}.value`)}
              </span>
              <span className="mt-1 text-sm text-slate-300">{t(`stats.items.${stat}.label`)}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
