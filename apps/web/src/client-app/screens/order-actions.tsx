import { translateMessage } from '@cadran/domain/messages';
import {
  isCancellableState,
  methodFitsOrder,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@cadran/domain/order-status';
import type { Order } from '@cadran/domain/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { retryPayment } from '@/features/orders/api/retry-payment';
import { canRetryPayment } from '@/features/orders/components/retry-payment-panel';
import { cancelOrder } from '../api/orders';
import { ConfirmAction } from '../components/confirm-action';
import { failureMessage, Panel } from '../components/screen';

const cancellable = (order: Order) =>
  isCancellableState({ status: order.status, paymentStatus: order.payment_status });

/**
 * The other methods a failed order can be paid with (docs/product.md 'Payment' ('Paying again
 * on the same order')): the failure page recommends PayPal or a bank transfer after a declined
 * card, on this very order. An order renewing its licence automatically is never offered a
 * transfer, which the server refuses for it.
 */
const otherMethods = (order: Order): PaymentMethod[] =>
  order.status === 'failed' && canRetryPayment(order)
    ? PAYMENT_METHODS.filter(
        (method) =>
          method !== order.payment_method && methodFitsOrder(method, order.auto_renew === true),
      )
    : [];

/**
 * Pay a pending card or PayPal order, pay a failed one by another method, or cancel it; a
 * pending transfer shows where to send it (beside this panel).
 */
export function OrderActions({
  order,
  reload,
  goToPayment = (url) => window.location.assign(url),
}: {
  order: Order;
  reload: () => Promise<unknown>;
  /** Leaves the site for the payment page; replaced in tests. */
  goToPayment?: (url: string) => void;
}) {
  const { t } = useTranslation('client');
  const lang = currentLanguage();
  const [busy, setBusy] = useState<PaymentMethod | 'own' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const payable = canRetryPayment(order);
  const others = otherMethods(order);
  if (!payable && !cancellable(order)) return null;

  const pay = async (method?: PaymentMethod) => {
    setBusy(method ?? 'own');
    setProblem(null);
    setNotice(null);
    try {
      const url = method
        ? (await retryPayment(order.id, method)).payment_url
        : (order.payment_url ?? (await retryPayment(order.id)).payment_url);
      if (url) {
        goToPayment(url);
        return;
      }
      // A bank transfer opens no page: the order now shows its bank details.
      if (method === 'bank_transfer') setNotice(t('order.switchedToTransfer'));
      await reload();
    } catch (error) {
      setProblem(failureMessage(error, t('state.error')));
      await reload();
    }
    setBusy(null);
  };

  return (
    <Panel title={t('order.actions')} id="order-actions">
      {problem && <Alert tone="error">{problem}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {others.length > 0 && <p className="mb-4 text-slate-700">{t('order.failedText')}</p>}
      <div className="flex flex-wrap gap-3">
        {payable && (
          <Button loading={busy === 'own'} disabled={busy !== null} onClick={() => void pay()}>
            {order.status === 'failed'
              ? t(`order.payWith.${order.payment_method}`)
              : t('order.pay')}
          </Button>
        )}
        {others.map((method) => (
          <Button
            key={method}
            variant="outline"
            loading={busy === method}
            disabled={busy !== null}
            onClick={() => void pay(method)}
          >
            {t(`order.payWith.${method}`)}
          </Button>
        ))}
        {cancellable(order) && (
          <ConfirmAction
            label={t('order.cancel')}
            title={t('order.cancelTitle', { number: order.order_number })}
            description={t('order.cancelText')}
            confirmLabel={t('order.cancelConfirm')}
            failureTitle={translateMessage('orders.cancel_failed', lang)}
            onConfirm={async () => {
              await cancelOrder(order.id);
              await reload();
            }}
          />
        )}
      </div>
    </Panel>
  );
}
