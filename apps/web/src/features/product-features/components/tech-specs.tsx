import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { textList } from './text-list';

const GROUPS = [
  'server',
  'database',
  'security',
  'performance',
  'integrations',
  'compliance',
] as const;

/** Features page (docs/product.md 'Features'): technical specifications, grouped by subject. */
export function TechSpecs() {
  const { t } = useTranslation('features');
  return (
    <section
      id="specs"
      aria-labelledby="features-specs"
      className="scroll-mt-24 border-y border-slate-200 bg-slate-50 py-16 sm:py-20"
    >
      <Container>
        <SectionHeading
          id="features-specs"
          title={t('specs.title')}
          description={t('specs.description')}
        />
        <div className="mt-12 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {GROUPS.map((group) => (
            <div key={group}>
              <h3 className="border-b border-slate-300 pb-3 text-base font-semibold sm:text-lg">
                {t(`specs.${group}.title`)}
              </h3>
              <ul className="mt-4 space-y-3 text-sm leading-6 text-slate-700">
                {textList(t, `specs.${group}.items`).map((item) => (
                  <li
                    key={item}
                    className="relative pl-5 before:absolute before:top-2.5 before:left-0 before:size-1.5 before:rounded-full before:bg-brand-600"
                  >
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Container>
    </section>
  );
}
