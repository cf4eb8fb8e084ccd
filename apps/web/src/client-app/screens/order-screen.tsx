import { translateMessage } from '@cadran/domain/messages';
import type { Order } from '@cadran/domain/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { retryPayment } from '@/features/orders/api/retry-payment';
import { BankTransferDetails } from '@/features/orders/components/bank-transfer-details';
import { OrderItems } from '@/features/orders/components/order-items';
import { OrderBillingAddress, OrderOverview } from '@/features/orders/components/order-overview';
import { canRetryPayment } from '@/features/orders/components/retry-payment-panel';
import { cancelOrder, ordersKey, useOrder } from '../api/orders';
import { ConfirmAction } from '../components/confirm-action';
import { failureMessage, Panel, QueryState, ScreenTitle } from '../components/screen';
import { OrderDocuments, OrderHistory } from './order-parts';
import { WithdrawalPanel } from './renewals/withdrawal-panel';

const cancellable = (order: Order) =>
  order.status === 'pending' && ['unpaid', 'pending', 'failed'].includes(order.payment_status);

/** Pay a pending card or PayPal order, or cancel it; a pending transfer shows where to send it. */
function OrderActions({ order, reload }: { order: Order; reload: () => Promise<unknown> }) {
  const { t } = useTranslation('client');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const payable = canRetryPayment(order);
  if (!payable && !cancellable(order)) return null;

  const pay = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const url = order.payment_url ?? (await retryPayment(order.id)).payment_url;
      if (url) {
        window.location.assign(url);
        return;
      }
      await reload();
    } catch (error) {
      setProblem(failureMessage(error, t('state.error')));
      await reload();
    }
    setBusy(false);
  };

  return (
    <Panel title={t('order.actions')} id="order-actions">
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-wrap gap-3">
        {payable && (
          <Button loading={busy} onClick={() => void pay()}>
            {t('order.pay')}
          </Button>
        )}
        {cancellable(order) && (
          <ConfirmAction
            label={t('order.cancel')}
            title={t('order.cancelTitle', { number: order.order_number })}
            description={t('order.cancelText')}
            confirmLabel={t('order.cancelConfirm')}
            failureTitle={translateMessage('orders.cancel_failed', currentLanguage())}
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

export function OrderScreen() {
  const { t } = useTranslation('client');
  const { orderRef = '' } = useParams();
  const order = useOrder(orderRef);
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ordersKey });

  if (!order.data) {
    return (
      <>
        <ScreenTitle title={t('order.title')} />
        <QueryState
          pending={order.isPending}
          error={order.error}
          retry={() => void order.refetch()}
          notFound={t('order.notFound')}
        />
      </>
    );
  }
  const data = order.data;
  return (
    <>
      <ScreenTitle title={t('order.titleWithNumber', { number: data.order_number })} />
      <div className="space-y-6">
        <OrderOverview order={data} />
        <OrderActions order={data} reload={reload} />
        <WithdrawalPanel order={data} reload={reload} />
        {data.bank_transfer && data.status === 'pending' && (
          <BankTransferDetails order={data} details={data.bank_transfer} />
        )}
        <div className="rounded-card border border-slate-200 bg-white p-5 sm:p-6">
          <OrderItems order={data} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <OrderDocuments order={data} />
          <OrderHistory order={data} />
        </div>
        <OrderBillingAddress order={data} />
      </div>
    </>
  );
}
