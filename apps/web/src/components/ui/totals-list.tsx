import { useTranslation } from 'react-i18next';
import { formatCents } from '@/lib/format';

export interface TotalsListProps {
  /** Both summaries word their lines under `summary.*` of their own namespace. */
  namespace: 'cart' | 'checkout';
  totals: { subtotalCents: number; taxCents: number; totalCents: number };
  /** The tax line names its rate (and the checkout its country). */
  taxLabel: string;
  className?: string;
}

/** Subtotal, tax and total of an order summary (the cart's and the checkout's), with the tax note. */
export function TotalsList({ namespace, totals, taxLabel, className }: TotalsListProps) {
  const { t } = useTranslation(namespace);
  const total = formatCents(totals.totalCents);
  return (
    <>
      <dl className={`space-y-3 text-slate-700 ${className ?? ''}`}>
        <div className="flex justify-between gap-4">
          <dt>{t('summary.subtotal')}</dt>
          <dd className="font-medium text-slate-900">{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{taxLabel}</dt>
          <dd className="font-medium text-slate-900">{formatCents(totals.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>{t('summary.total')}</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      {/* What changes the total (quantities, the billing country) is elsewhere on the page. */}
      <p className="sr-only" aria-live="polite">
        {t('summary.liveTotal', { amount: total })}
      </p>
      <p className="mt-3 text-xs leading-5 text-slate-600">{t('summary.taxNote')}</p>
    </>
  );
}
