import type { CartTotals } from '@cadran/domain/cart';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '@/components/ui/button';
import { TotalsList } from '@/components/ui/totals-list';
import { formatPercent } from '@/lib/format';

export interface CartSummaryProps {
  totals: CartTotals;
  onClear: () => void;
}

/** Cart summary: subtotal, tax labelled 20 %, total, clear-all and checkout. */
export function CartSummary({ totals, onClear }: CartSummaryProps) {
  const { t } = useTranslation('cart');
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
      <TotalsList
        className="mt-6"
        namespace="cart"
        totals={totals}
        taxLabel={t('summary.tax', { rate: formatPercent(totals.taxRate) })}
      />
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
