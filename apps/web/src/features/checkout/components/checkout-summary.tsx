import { lineSubtotalCents } from '@cadran/domain/cart';
import { countryName, vatRateFor, type Country } from '@cadran/domain/vat';
import { useTranslation } from 'react-i18next';
import { formatCents, formatPercent } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { checkoutTotals, type CheckoutLine } from '../utils/checkout-form';

export interface CheckoutSummaryProps {
  lines: readonly CheckoutLine[];
  country: Country;
}

/**
 * Spec 2 'Order summary column': items, subtotal, tax at the rate of the billing country (the
 * rate shown is the rate the server applies, from the same table), total.
 */
export function CheckoutSummary({ lines, country }: CheckoutSummaryProps) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const totals = checkoutTotals(lines, country);
  const total = formatCents(totals.totalCents);
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-card border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id="checkout-summary-title" className="text-xl">
        {t('summary.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('summary.count', { count: totals.itemCount })}
      </p>
      <ul className="mt-5 divide-y divide-slate-200 border-y border-slate-200">
        {lines.map((line) => {
          const { extra_domains: domains, extra_installations: installations } =
            line.customizations;
          return (
            <li key={line.id} className="flex justify-between gap-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{line.name}</p>
                <p className="text-slate-600">
                  {t('summary.lineQuantity', { count: line.quantity })}
                </p>
                {(domains > 0 || installations > 0) && (
                  <p className="text-slate-600">
                    {t('summary.extras', { domains, installations })}
                  </p>
                )}
              </div>
              <p className="shrink-0 font-medium text-slate-900">
                {formatCents(
                  lineSubtotalCents(
                    { priceCents: line.priceCents, setupFeeCents: line.setupFeeCents },
                    line.customizations,
                    line.quantity,
                  ),
                )}
              </p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-5 space-y-3 text-slate-700">
        <div className="flex justify-between gap-4">
          <dt>{t('summary.subtotal')}</dt>
          <dd className="font-medium text-slate-900">{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>
            {t('summary.tax', {
              country: countryName(country, lang),
              rate: formatPercent(vatRateFor(country)),
            })}
          </dt>
          <dd className="font-medium text-slate-900">{formatCents(totals.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>{t('summary.total')}</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      <p className="sr-only" aria-live="polite">
        {t('summary.liveTotal', { amount: total })}
      </p>
      <p className="mt-3 text-xs leading-5 text-slate-600">{t('summary.taxNote')}</p>
      <ul className="mt-5 space-y-2 text-sm text-slate-700">
        {(['secure', 'guarantee', 'support'] as const).map((key) => (
          <li key={key} className="flex gap-2">
            <svg
              className="mt-0.5 size-4 shrink-0 text-brand-700"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
            {t(`summary.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
