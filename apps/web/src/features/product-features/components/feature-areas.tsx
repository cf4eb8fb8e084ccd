import { useTranslation } from 'react-i18next';
import { AreaIcon, type ProductArea, CheckIcon } from '@/components/icons/line-icons';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { textList } from './text-list';

const AREAS: readonly ProductArea[] = ['content', 'clients', 'licences', 'billing'];

/** Features page: the static feature lists, one card per area of the product. */
export function FeatureAreas() {
  const { t } = useTranslation('features');
  return (
    <section id="areas" aria-labelledby="features-areas" className="scroll-mt-24 py-16 sm:py-20">
      <Container>
        <SectionHeading
          id="features-areas"
          title={t('areas.title')}
          description={t('areas.description')}
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {AREAS.map((area) => (
            <article
              key={area}
              aria-labelledby={`area-${area}`}
              className="rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8"
            >
              <div className="flex items-start gap-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <AreaIcon area={area} />
                </span>
                <div>
                  <h3 id={`area-${area}`}>{t(`areas.${area}.title`)}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">
                    {t(`areas.${area}.summary`)}
                  </p>
                </div>
              </div>
              <ul className="mt-6 space-y-3">
                {textList(t, `areas.${area}.items`).map((item) => (
                  <li
                    key={item}
                    className="flex gap-3 text-sm leading-6 text-slate-700 sm:text-base"
                  >
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}
