import { OrderFailurePage } from '@/features/orders/routes/order-failure-page';
import { Island } from '@/islands/island';
import { FailureOrderIsland } from './failure-order-island';
import { FailureResumeIsland } from './failure-resume-island';

/**
 * The failure page, drawn by the server with two islands at most
 * (docs/decisions/048-islands-on-public-pages.md): the order its address names, read for its
 * signed-in owner, whose payment is retried on that order
 * (docs/decisions/020-payment-attempts-per-order.md); or, when it names none, the ways back that
 * put the last order's lines back in the emptied cart.
 */
export function OrderFailureRoute() {
  return (
    <OrderFailurePage
      renderOrder={(orderNumber) => (
        <Island name="failure-order" component={FailureOrderIsland} props={{ orderNumber }} />
      )}
      resume={<Island name="failure-resume" component={FailureResumeIsland} props={{}} />}
    />
  );
}
