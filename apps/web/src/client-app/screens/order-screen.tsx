import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BankTransferDetails } from '@/features/orders/components/bank-transfer-details';
import { OrderItems } from '@/features/orders/components/order-items';
import {
  OrderBillingAddress,
  OrderDeliveryAddress,
  OrderOverview,
} from '@/features/orders/components/order-overview';
import { ordersKey, useOrder } from '../api/orders';
import { QueryState, ScreenTitle } from '../components/screen';
import { OrderActions } from './order-actions';
import { OrderDocuments, OrderHistory } from './order-parts';
import { WithdrawalPanel } from './renewals/withdrawal-panel';

export function OrderScreen({ goToPayment }: { goToPayment?: (url: string) => void } = {}) {
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
        <OrderActions order={data} reload={reload} {...(goToPayment ? { goToPayment } : {})} />
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
        <div className="grid gap-6 sm:grid-cols-2">
          <OrderBillingAddress order={data} />
          <OrderDeliveryAddress order={data} />
        </div>
      </div>
    </>
  );
}
