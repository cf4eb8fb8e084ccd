import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { cn } from '@/lib/cn';

const MEMBERS = ['camille', 'julien', 'amina', 'thomas', 'lea', 'marc'] as const;
const AVATAR_TONES = [
  'bg-brand-600',
  'bg-teal-700',
  'bg-brass-700',
  'bg-violet-700',
  'bg-rose-700',
  'bg-sky-700',
] as const;
/** The timeline runs from 2020 to 2024. */
const YEARS = ['2020', '2021', '2022', '2023', '2024'] as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** About page: team. Monograms rather than stock photos. */
export function Team() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-team" className="py-16 sm:py-20">
      <Container>
        <SectionHeading
          id="about-team"
          title={t('team.title')}
          description={t('team.description')}
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {MEMBERS.map((member, index) => {
            const name = t(`team.members.${member}.name`);
            return (
              <li
                key={member}
                className="flex gap-4 rounded-card border border-slate-200 bg-white p-6 shadow-card"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'grid size-14 shrink-0 place-items-center rounded-full text-lg font-bold text-white',
                    AVATAR_TONES[index % AVATAR_TONES.length],
                  )}
                >
                  {initials(name)}
                </span>
                <div>
                  <h3 className="text-base sm:text-lg">{name}</h3>
                  <p className="text-sm font-semibold text-brand-700">
                    {t(`team.members.${member}.role`)}
                  </p>
                  <p className="mt-2 text-sm leading-6 text-slate-600">
                    {t(`team.members.${member}.bio`)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}

/** About page: timeline 2020 to 2024, as an ordered list. */
export function Timeline() {
  const { t } = useTranslation('about');
  return (
    <section
      aria-labelledby="about-timeline"
      className="border-t border-slate-200 bg-slate-50 py-16 sm:py-20"
    >
      <Container>
        <SectionHeading
          id="about-timeline"
          title={t('timeline.title')}
          description={t('timeline.description')}
        />
        <ol className="relative mt-12 space-y-10 border-l-2 border-brand-200 pl-8 lg:grid lg:grid-cols-5 lg:gap-6 lg:space-y-0 lg:border-t-2 lg:border-l-0 lg:pt-10 lg:pl-0">
          {YEARS.map((year) => (
            <li key={year} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[2.6rem] size-4 rounded-full border-4 border-white bg-brand-600 ring-2 ring-brand-200 lg:-top-[3.1rem] lg:left-0"
              />
              <p className="text-sm font-bold tracking-wide text-brand-700">
                <time dateTime={year}>{year}</time>
              </p>
              <h3 className="mt-1 text-base sm:text-lg">{t(`timeline.events.${year}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">
                {t(`timeline.events.${year}.text`)}
              </p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
