import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';

export interface CheckoutActionsProps {
  /** The total due, formatted, or the missing-value mark while the quote is unknown. */
  total: string;
  termsAccepted: boolean;
  processing: boolean;
}

/**
 * The way back to the cart and the submit button, which waits for the terms and for the order
 * being created; on a phone the summary column comes after the form, so the total is said here.
 */
export function CheckoutActions({ total, termsAccepted, processing }: CheckoutActionsProps) {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
      <LinkButton to="/store/cart" variant="outline" size="lg">
        {t('actions.back')}
      </LinkButton>
      <div className="sm:text-right">
        <p className="mb-3 flex justify-between gap-4 text-lg font-bold text-slate-900 lg:hidden">
          <span>{t('quote.total', { ns: 'common' })}</span>
          <span>{total}</span>
        </p>
        <Button
          type="submit"
          size="lg"
          fullWidth
          className="sm:w-auto"
          loading={processing}
          disabled={!termsAccepted}
          aria-describedby={termsAccepted ? undefined : 'checkout-terms-hint'}
        >
          {processing ? t('actions.processing') : t('actions.submit')}
        </Button>
        {!termsAccepted && (
          <p id="checkout-terms-hint" className="mt-2 text-sm text-slate-600">
            {t('actions.termsHint')}
          </p>
        )}
      </div>
    </div>
  );
}
