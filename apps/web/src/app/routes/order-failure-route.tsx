import { useSessionStatus } from '@/features/auth/hooks/use-session-status';
import { useCartStore } from '@/features/cart/store/cart-store';
import { OrderFailurePage } from '@/features/orders/routes/order-failure-page';

/**
 * The failure page reads its order for its signed-in owner, which the auth feature knows, and
 * retries the payment on that order (docs/decisions/020-payment-attempts-per-order.md). When it
 * does not know the order, resuming puts the last order's lines back in the emptied cart.
 */
export function OrderFailureRoute() {
  return (
    <OrderFailurePage
      sessionStatus={useSessionStatus()}
      onResume={() => useCartStore.getState().resumeLastOrder()}
    />
  );
}
