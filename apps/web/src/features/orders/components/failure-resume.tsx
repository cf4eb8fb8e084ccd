import { pathInLanguage } from '@cadran/domain/localized-path';
import { AnchorButton } from '@/components/ui/button';
import { useTexts } from '@/islands/texts';

export interface FailureResumeProps {
  /**
   * Runs as either link is followed, before the next page loads: the app puts the lines of the
   * last order placed back in the emptied cart.
   */
  onResume?: () => void;
}

/**
 * The failure page's ways back when its address names no order: the checkout and the cart. An
 * island of the page (docs/decisions/048-islands-on-public-pages.md) that waits for the
 * visitor: plain links until then, each marked to be held, so a click that comes before React
 * owns them is played again once it does, and the cart is filled before the page is left.
 */
export function FailureResume({ onResume }: FailureResumeProps) {
  const { t, language } = useTexts('orders');
  return (
    <>
      <AnchorButton
        href={pathInLanguage('/store/checkout', language)}
        size="lg"
        onClick={onResume}
        data-island-hold=""
      >
        {t('failure.retry')}
      </AnchorButton>
      <AnchorButton
        href={pathInLanguage('/store/cart', language)}
        variant="outline"
        size="lg"
        onClick={onResume}
        data-island-hold=""
      >
        {t('failure.cart')}
      </AnchorButton>
    </>
  );
}
