import { lineSubtotalCents } from '@cadran/domain/cart';
import { countryDisplayName, type CountryCode } from '@cadran/domain/countries';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/icons/line-icons';
import { TotalsList } from '@/components/ui/totals-list';
import { formatCents, formatPercent } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { checkoutTotals, taxRatePercent, type CheckoutLine } from '../utils/checkout-form';

export interface CheckoutSummaryProps {
  lines: readonly CheckoutLine[];
  country: CountryCode;
}

/**
 * The checkout's summary column (docs/product.md 'Checkout' ('The form')): items, subtotal, tax at
 * the rate of the billing country (the rate shown is the rate the server applies, from the same
 * table), total.
 */
export function CheckoutSummary({ lines, country }: CheckoutSummaryProps) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const totals = checkoutTotals(lines, country);
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
      <TotalsList
        className="mt-5"
        namespace="checkout"
        totals={totals}
        taxLabel={t('summary.tax', {
          country: countryDisplayName(country, lang),
          rate: formatPercent(taxRatePercent(country)),
        })}
      />
      <ul className="mt-5 space-y-2 text-sm text-slate-700">
        {(['secure', 'guarantee', 'support'] as const).map((key) => (
          <li key={key} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t(`summary.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
