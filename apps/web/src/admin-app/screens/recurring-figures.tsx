import { useTranslation } from 'react-i18next';
import { formatPercent, MISSING_VALUE } from '@/lib/format';
import type { Recurring } from '../api/renewal-schemas';
import { formatAmount } from '../format';

/** Recurring revenue, the renewal rate and the money the chase of failed charges brought back. */
export function RecurringFigures({ recurring }: { recurring: Recurring }) {
  const { t } = useTranslation('admin-renewals');
  const figures: Array<[string, string]> = [
    [t('recurring.mrr'), formatAmount(recurring.mrr)],
    [t('recurring.arr'), formatAmount(recurring.arr)],
    [
      t('recurring.rate'),
      recurring.renewal_rate === null ? MISSING_VALUE : formatPercent(recurring.renewal_rate * 100),
    ],
    [t('recurring.recovered'), formatAmount(recurring.recovered_by_dunning)],
  ];
  return (
    <section aria-labelledby="dashboard-recurring">
      <h2 id="dashboard-recurring" className="mb-3 text-lg">
        {t('recurring.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map(([label, value]) => (
          <li key={label} className="rounded-card border border-slate-200 bg-white p-4 shadow-sm">
            <span className="block text-sm text-slate-600">{label}</span>
            <span className="mt-1 block text-2xl font-semibold text-slate-900 tabular-nums">
              {value}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
