import { useTranslation } from 'react-i18next';
import { AreaIcon, type ProductArea, CheckIcon } from '@/components/icons/line-icons';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

const AREAS: readonly ProductArea[] = [
  'content',
  'clients',
  'licences',
  'billing',
  'security',
  'performance',
];
/** Three features per card. */
const ITEMS_PER_CARD = [0, 1, 2] as const;

export function FeatureGrid() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-features" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="home-features"
          eyebrow={t('grid.eyebrow')}
          title={t('grid.title')}
          description={t('grid.description')}
          align="center"
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {AREAS.map((area) => (
            <li
              key={area}
              className="rounded-card border border-slate-200 bg-white p-6 shadow-card"
            >
              <div className="flex items-center gap-3">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <AreaIcon area={area} />
                </span>
                <h3>{t(`grid.${area}.title`)}</h3>
              </div>
              <ul className="mt-5 space-y-3">
                {ITEMS_PER_CARD.map((item) => (
                  <li key={item} className="flex gap-3 text-sm leading-6 text-slate-700">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    {t(`grid.${area}.items.${item}`)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
