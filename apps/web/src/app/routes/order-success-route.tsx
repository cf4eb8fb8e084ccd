import { useEffect } from 'react';
import { useSessionStatus } from '@/features/auth/hooks/use-session-status';
import { useCartStore } from '@/features/cart/store/cart-store';
import { OrderSuccessPage } from '@/features/orders/routes/order-success-page';

/**
 * The order success page needs to know whether someone is signed in (orders are shown to
 * their owner only), which the auth feature knows: the app hands it over.
 */
export function OrderSuccessRoute() {
  // The order went through: the lines kept for a retry after a failed payment can go.
  useEffect(() => useCartStore.getState().forgetLastOrder(), []);
  return <OrderSuccessPage sessionStatus={useSessionStatus()} />;
}
