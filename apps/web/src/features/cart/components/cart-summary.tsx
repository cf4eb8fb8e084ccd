import type { QuoteAnswer } from '@cadran/domain/quote-answer';
import { useTranslation } from 'react-i18next';
import { PromoCodeField } from '@/components/quote/promo-code-field';
import { QuoteTotals } from '@/components/quote/quote-totals';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';

export interface CartSummaryProps {
  itemCount: number;
  /** The server's quote of the cart, French VAT until the checkout knows the buyer's country. */
  quote: QuoteAnswer | null;
  updating: boolean;
  /** Why no price could be had, when none could. */
  failure: string | null;
  promoCode: string;
  /** The kept code refused by the server since (expired, used up meanwhile). */
  promoError?: string | undefined;
  onApplyPromo: (code: string) => Promise<string | null>;
  onRemovePromo: () => void;
  onClear: () => void;
}

/**
 * Cart summary (docs/product.md 'Cart'): the promo code, the amounts as the server priced them
 * (docs/decisions/021-the-screens-show-the-server-quote.md), clear-all and checkout.
 */
export function CartSummary({
  itemCount,
  quote,
  updating,
  failure,
  promoCode,
  promoError,
  onApplyPromo,
  onRemovePromo,
  onClear,
}: CartSummaryProps) {
  const { t } = useTranslation('cart');
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-card border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id="cart-summary-title" className="text-xl">
        {t('summary.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('summary.items', { count: itemCount })}</p>
      <div className="mt-6">
        <PromoCodeField
          id="cart-promo-code"
          applied={promoCode}
          onApply={onApplyPromo}
          onRemove={onRemovePromo}
          error={promoError}
        />
      </div>
      {failure && !quote && !promoError && (
        <Alert tone="error" className="mt-6">
          <p>{failure}</p>
        </Alert>
      )}
      <QuoteTotals
        className="mt-6"
        quote={quote}
        country="FR"
        promoCode={promoCode}
        updating={updating}
      />
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
