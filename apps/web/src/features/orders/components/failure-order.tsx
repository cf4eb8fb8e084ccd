import type { Order } from '@cadran/domain/orders';
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useTexts } from '@/islands/texts';
import type { SessionStatus } from '@/lib/session-status';
import { getOrderByNumber } from '../api/read-order';
import { OrderTitle, RetryPaymentPanel, canRetryPayment } from './retry-payment-panel';

export interface FailureOrderProps {
  /** A valid order number, from the page's `order` parameter. */
  orderNumber: string;
  /** Orders are read by their signed-in owner only. */
  sessionStatus: SessionStatus;
  /** Leaves the site for the payment page; replaced in tests. */
  goToPayment?: (url: string) => void;
}

const leaveForPayment = (url: string) => window.location.assign(url);

/** Reads of the same order under way, shared (a component drawn twice asks once). */
const reading = new Map<string, Promise<Order>>();

function readOrder(orderNumber: string): Promise<Order> {
  let read = reading.get(orderNumber);
  if (!read) {
    read = getOrderByNumber(orderNumber).finally(() => reading.delete(orderNumber));
    reading.set(orderNumber, read);
  }
  return read;
}

/** The order read for a number; none when it could not be read. */
interface Read {
  orderNumber: string;
  order: Order | undefined;
}

/** The order, read once the session is known to be open; never while it is not. */
function useFailureOrder(orderNumber: string, enabled: boolean) {
  const [read, setRead] = useState<Read | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    readOrder(orderNumber).then(
      (order) => {
        if (live) setRead({ orderNumber, order });
      },
      () => {
        if (live) setRead({ orderNumber, order: undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [orderNumber, enabled]);
  const reload = useCallback(async () => {
    const order = await readOrder(orderNumber);
    setRead({ orderNumber, order });
    return order;
  }, [orderNumber]);
  const done = read?.orderNumber === orderNumber ? read : null;
  return { order: done?.order, loading: enabled && !done, reload };
}

/**
 * The order the failure page's address names (docs/decisions/020-payment-attempts-per-order.md):
 * its number, and for its signed-in owner the button that pays it again, or why it cannot be.
 * An island of the page (docs/decisions/048-islands-on-public-pages.md): the server draws it
 * with the session unknown, which is also how it first draws in the browser, then the session
 * and the order are read. No query client: one order, read with the API client.
 */
export function FailureOrder({
  orderNumber,
  sessionStatus,
  goToPayment = leaveForPayment,
}: FailureOrderProps) {
  const { t } = useTexts('orders');
  const { order, loading, reload } = useFailureOrder(
    orderNumber,
    sessionStatus === 'authenticated',
  );

  if (order && canRetryPayment(order)) {
    return <RetryPaymentPanel order={order} reload={reload} goToPayment={goToPayment} />;
  }
  return (
    <section
      aria-labelledby="failure-order-title"
      className="mb-10 max-w-3xl rounded-card border border-slate-200 p-6"
    >
      <h2 id="failure-order-title" className="text-xl">
        <OrderTitle number={orderNumber} />
      </h2>
      {loading || sessionStatus === 'checking' ? (
        <Spinner className="mt-3" label={t('failure.orderLoading')} />
      ) : (
        <p className="mt-2 leading-7 text-slate-700">
          {order ? t('failure.orderNotRetryable') : t('failure.orderUnknown')}
        </p>
      )}
    </section>
  );
}
