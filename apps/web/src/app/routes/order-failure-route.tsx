import { useCartStore } from '@/features/cart/store/cart-store';
import { OrderFailurePage } from '@/features/orders/routes/order-failure-page';

/**
 * After a declined or abandoned payment the cart is already empty (spec 4 clears it once the
 * order exists): resuming puts that order's lines back so it can be placed again.
 */
export function OrderFailureRoute() {
  return <OrderFailurePage onResume={() => useCartStore.getState().resumeLastOrder()} />;
}
