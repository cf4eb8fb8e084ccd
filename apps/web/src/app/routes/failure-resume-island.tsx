import { useCartStore } from '@/features/cart/store/cart-store';
import { FailureResume } from '@/features/orders/components/failure-resume';

/**
 * The failure page's ways back (docs/decisions/048-islands-on-public-pages.md): when the page
 * does not know the order, either link puts the last order's lines back in the emptied cart
 * before the checkout or the cart loads.
 */
export function FailureResumeIsland() {
  return <FailureResume onResume={() => useCartStore.getState().resumeLastOrder()} />;
}
