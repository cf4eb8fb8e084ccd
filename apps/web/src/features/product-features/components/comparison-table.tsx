import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { cn } from '@/lib/cn';
import { CheckIcon } from '@/components/icons/line-icons';
import { CrossIcon, PartialIcon } from './icons';

type Support = 'yes' | 'no' | 'partial' | 'limited';
const COLUMNS = ['cadran', 'openSource', 'builder'] as const;

/** Features page: the static competitor comparison, one row per capability. */
const ROWS: ReadonlyArray<[row: string, values: Record<(typeof COLUMNS)[number], Support>]> = [
  ['editor', { cadran: 'yes', openSource: 'partial', builder: 'yes' }],
  ['multilingual', { cadran: 'yes', openSource: 'partial', builder: 'limited' }],
  ['clients', { cadran: 'yes', openSource: 'partial', builder: 'no' }],
  ['licences', { cadran: 'yes', openSource: 'no', builder: 'no' }],
  ['billing', { cadran: 'yes', openSource: 'partial', builder: 'limited' }],
  ['clientArea', { cadran: 'yes', openSource: 'partial', builder: 'no' }],
  ['selfHosted', { cadran: 'yes', openSource: 'yes', builder: 'no' }],
  ['api', { cadran: 'yes', openSource: 'yes', builder: 'limited' }],
  ['support', { cadran: 'yes', openSource: 'no', builder: 'limited' }],
  ['guarantee', { cadran: 'yes', openSource: 'no', builder: 'no' }],
];

const ICONS: Record<Support, { icon: ReactNode; tone: string }> = {
  yes: { icon: <CheckIcon className="size-5 shrink-0" />, tone: 'text-emerald-800' },
  no: { icon: <CrossIcon className="size-5 shrink-0" />, tone: 'text-slate-600' },
  partial: { icon: <PartialIcon className="size-5 shrink-0" />, tone: 'text-amber-900' },
  limited: { icon: <PartialIcon className="size-5 shrink-0" />, tone: 'text-amber-900' },
};

/**
 * A real table with a caption and row and column headers. Fixed layout and wrapping cells
 * keep it inside a 360 px screen, so a phone reads it without scrolling sideways.
 */
export function ComparisonTable() {
  const { t } = useTranslation('features');
  return (
    <section
      id="comparison"
      aria-labelledby="features-comparison"
      className="scroll-mt-24 py-16 sm:py-20"
    >
      <Container>
        <SectionHeading
          id="features-comparison"
          title={t('comparison.title')}
          description={t('comparison.description')}
        />
        <div className="mt-10 overflow-hidden rounded-card border border-slate-200 bg-white shadow-card">
          <table className="w-full table-fixed border-collapse text-left text-xs sm:text-sm">
            <caption className="sr-only">{t('comparison.caption')}</caption>
            <colgroup>
              <col className="w-[34%] sm:w-[31%]" />
              <col />
              <col />
              <col />
            </colgroup>
            <thead className="bg-slate-50 align-bottom">
              <tr>
                <th scope="col" className="px-2 py-3 font-semibold text-slate-700 sm:px-5 sm:py-4">
                  {t('comparison.feature')}
                </th>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      'px-2 py-3 font-semibold sm:px-5 sm:py-4',
                      column === 'cadran' ? 'bg-brand-50 text-brand-900' : 'text-slate-700',
                    )}
                  >
                    {/* Phones get short names that fit a narrow column without splitting words. */}
                    <span className="sm:hidden">{t(`comparison.shortColumns.${column}`)}</span>
                    <span className="hidden sm:inline">{t(`comparison.columns.${column}`)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {ROWS.map(([row, values]) => (
                <tr key={row}>
                  <th scope="row" className="px-2 py-3 font-medium text-slate-900 sm:px-5 sm:py-4">
                    {t(`comparison.rows.${row}`)}
                  </th>
                  {COLUMNS.map((column) => {
                    const support = values[column];
                    return (
                      <td
                        key={column}
                        className={cn(
                          'px-2 py-3 align-top sm:px-5 sm:py-4',
                          column === 'cadran' && 'bg-brand-50/60',
                        )}
                      >
                        <span
                          className={cn(
                            'flex flex-col items-start gap-1 font-medium sm:flex-row sm:items-center sm:gap-2',
                            ICONS[support].tone,
                          )}
                        >
                          {ICONS[support].icon}
                          {t(`comparison.values.${support}`)}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Container>
    </section>
  );
}
