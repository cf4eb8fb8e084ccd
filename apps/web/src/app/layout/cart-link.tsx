import { pathInLanguage } from '@cadran/domain/localized-path';
import { useCartItemCount } from '@/features/cart/store/cart-store';
import { useTexts } from '@/islands/texts';
import { useHydrated } from '@/lib/use-hydrated';
import { CartIcon } from './icons';

/**
 * The header's cart button with a badge showing the item count when the cart is not empty. An
 * island on the public pages (docs/decisions/048-islands-on-public-pages.md); the cart is an
 * application of its own, so this is a plain link.
 */
export function CartLink() {
  const { t, language } = useTexts();
  // The cart lives in this browser's storage: the server's HTML has no count to show.
  const stored = useCartItemCount();
  const count = useHydrated() ? stored : 0;
  return (
    <a
      href={pathInLanguage('/store/cart', language)}
      aria-label={count > 0 ? t('cart.labelWithCount', { count }) : t('cart.label')}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <CartIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brass-400 px-1 text-xs font-bold text-slate-950 ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
