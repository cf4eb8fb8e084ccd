import type { Order } from '@cadran/domain/orders';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/islands/texts';
import { isApiRequestError } from '@/lib/api-client';
import { formatCents } from '@/lib/format';
import { decimalStringToCents } from '@cadran/domain/money';
import { retryPayment } from '../api/retry-payment';

export interface RetryPaymentPanelProps {
  order: Order;
  /** Reads the order again (after a 409: another tab may have opened the attempt). */
  reload: () => Promise<Order | undefined>;
  /** Leaves the site for the payment page; replaced in tests. */
  goToPayment: (url: string) => void;
}

/** Orders whose payment its buyer can retry: not paid, not cancelled, not a transfer. */
export const canRetryPayment = (order: Order): boolean =>
  order.payment_method !== 'bank_transfer' &&
  (order.status === 'failed' || order.status === 'pending') &&
  ['unpaid', 'pending', 'failed'].includes(order.payment_status);

/**
 * The failure page's way forward (docs/decisions/020-payment-attempts-per-order.md): the order
 * keeps everything the buyer typed, so paying again is one button. An attempt still open (the
 * buyer came back from the provider's page) is paid where it is; otherwise a new attempt opens.
 * Part of the page's order island: texts through `useTexts`, and the message catalogue loaded
 * only when a failure without the server's own message needs its sentence.
 */
export function RetryPaymentPanel({ order, reload, goToPayment }: RetryPaymentPanelProps) {
  const { t, language } = useTexts('orders');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const retry = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      if (order.payment_url) {
        goToPayment(order.payment_url);
        return;
      }
      const answer = await retryPayment(order.id);
      if (answer.payment_url) {
        goToPayment(answer.payment_url);
        return;
      }
      setBusy(false);
    } catch (error) {
      // Opened meanwhile (a second tab, a double click): pay that attempt.
      if (isApiRequestError(error) && error.status === 409) {
        const fresh = await reload().catch(() => undefined);
        if (fresh?.payment_url) {
          goToPayment(fresh.payment_url);
          return;
        }
      }
      const problem =
        isApiRequestError(error) && error.serverMessage
          ? error.serverMessage
          : await import('@cadran/domain/messages').then(({ translateMessage }) =>
              translateMessage('payment.provider_unavailable', language),
            );
      setBusy(false);
      setProblem(problem);
    }
  };

  return (
    <section
      aria-labelledby="failure-order-title"
      className="mb-10 max-w-3xl rounded-card border border-brand-200 bg-brand-50 p-6"
    >
      <h2 id="failure-order-title" className="text-xl">
        <OrderTitle number={order.order_number} />
      </h2>
      <p className="mt-2 leading-7 text-slate-700">
        {t('failure.orderKept', {
          amount: formatCents(decimalStringToCents(order.total), language),
        })}
      </p>
      {problem && (
        <Alert tone="error" className="mt-4">
          <p>{problem}</p>
        </Alert>
      )}
      <Button size="lg" className="mt-5" loading={busy} onClick={() => void retry()}>
        {t('failure.retryPayment')}
      </Button>
    </section>
  );
}

/** "Order CAD-2026-…", the number never broken at its hyphens on a narrow screen. */
export function OrderTitle({ number }: { number: string }) {
  const { t } = useTexts('orders');
  const [before = '', after = ''] = t('failure.orderTitle', { number: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{number}</span>
      {after}
    </>
  );
}
