import { decimalStringToCents } from '@cadran/domain/money';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDate, formatPercent } from '@/lib/format';
import type { PlanChangeQuote } from '@/lib/renewals/schemas';

/**
 * The server's price of a plan change, nothing computed here: an upgrade's prorated difference
 * for the rest of the term, paid today; a downgrade's new price from the next renewal.
 */
export function PlanQuote({
  quote,
  termEnd,
  updating,
}: {
  quote: PlanChangeQuote;
  termEnd: string | null;
  updating: boolean;
}) {
  const { t } = useTranslation('renewals');
  const money = (value: string) => formatCents(decimalStringToCents(value));
  const now = quote.effective === 'now';
  const rows: Array<[string, string]> = [
    [now ? t('plan.prorated') : t('plan.newPrice'), money(quote.subtotal)],
    ...(decimalStringToCents(quote.discount) > 0
      ? [[t('plan.discount'), `−${money(quote.discount)}`] as [string, string]]
      : []),
    [
      quote.reverse_charge
        ? t('plan.reverseCharge')
        : t('plan.tax', { rate: formatPercent(Number(quote.tax_rate)) }),
      money(quote.tax),
    ],
  ];
  return (
    <div
      className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      aria-busy={updating || undefined}
      aria-live="polite"
    >
      <p className="font-medium text-slate-900">
        {now
          ? termEnd
            ? t('plan.effectiveNow', { date: formatDate(termEnd) })
            : t('plan.effectiveNowNoTerm')
          : termEnd
            ? t('plan.effectiveLater', { date: formatDate(termEnd) })
            : t('plan.effectiveLaterNoTerm')}
      </p>
      <dl className="mt-3 space-y-2 text-slate-700">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>{now ? t('plan.payToday') : t('plan.totalAtRenewal')}</dt>
          <dd className="whitespace-nowrap">{money(quote.total)}</dd>
        </div>
      </dl>
      {quote.mention && <p className="mt-2 text-sm text-slate-700">{quote.mention}</p>}
    </div>
  );
}
