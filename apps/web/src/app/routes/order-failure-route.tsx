import { useCartStore } from '@/features/cart/store/cart-store';
import { OrderFailurePage } from '@/features/orders/routes/order-failure-page';

/**
 * After a declined or abandoned payment the cart is already empty (it is cleared once the
 * order exists): resuming puts that order's lines back so it can be placed again
 * (docs/decisions/006-resuming-an-order-after-a-failed-payment.md).
 */
export function OrderFailureRoute() {
  return <OrderFailurePage onResume={() => useCartStore.getState().resumeLastOrder()} />;
}
