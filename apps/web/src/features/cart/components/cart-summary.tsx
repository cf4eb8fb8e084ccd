import type { CartTotals } from '@cadran/domain/cart';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '@/components/ui/button';
import { formatCents, formatPercent } from '@/lib/format';

export interface CartSummaryProps {
  totals: CartTotals;
  onClear: () => void;
}

/** Spec 2 'Cart' summary: subtotal, tax labelled 20 %, total, clear-all and checkout. */
export function CartSummary({ totals, onClear }: CartSummaryProps) {
  const { t } = useTranslation('cart');
  const total = formatCents(totals.totalCents);
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-card border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id="cart-summary-title" className="text-xl">
        {t('summary.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('summary.items', { count: totals.itemCount })}
      </p>
      <dl className="mt-6 space-y-3 text-slate-700">
        <div className="flex justify-between gap-4">
          <dt>{t('summary.subtotal')}</dt>
          <dd className="font-medium text-slate-900">{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t('summary.tax', { rate: formatPercent(totals.taxRate) })}</dt>
          <dd className="font-medium text-slate-900">{formatCents(totals.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>{t('summary.total')}</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      {/* Quantity changes happen elsewhere on the page: say the new total. */}
      <p className="sr-only" aria-live="polite">
        {t('summary.liveTotal', { amount: total })}
      </p>
      <p className="mt-3 text-xs leading-5 text-slate-600">{t('summary.taxNote')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <LinkButton to="/store/checkout" size="lg" fullWidth>
          {t('summary.checkout')}
        </LinkButton>
        <LinkButton to="/pricing" variant="outline" fullWidth>
          {t('summary.continue')}
        </LinkButton>
        <Button variant="ghost" fullWidth onClick={onClear}>
          {t('summary.clear')}
        </Button>
      </div>
    </section>
  );
}
