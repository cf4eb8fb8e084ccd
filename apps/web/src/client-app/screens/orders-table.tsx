import type { OrderSummary } from '@cadran/domain/client-area';
import { translateMessage } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { OrderStatusBadge, paymentStatusLabel } from '../components/status-badges';

/** The account's orders as a table (a list of cards on a phone). */
export function OrdersTable({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  const { t } = useTranslation('client');
  const lang = currentLanguage();
  if (orders.length === 0) return <p className="text-slate-700">{t('orders.none')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t('orders.number')}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t('orders.date')}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t('orders.status')}
            </th>
            <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
              {t('orders.payment')}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t('orders.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-slate-100 last:border-0">
              <td className="py-3 pr-4">
                <Link
                  to={`/orders/${order.id}`}
                  className="font-mono font-semibold text-brand-700 underline"
                >
                  {order.order_number}
                </Link>
                {order.kind === 'renewal' && (
                  <span className="block text-xs text-slate-600">{t('orders.renewal')}</span>
                )}
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">{formatDate(order.created_at)}</td>
              <td className="py-3 pr-4">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="hidden py-3 pr-4 sm:table-cell">
                {paymentStatusLabel(order.payment_status)}
                <span className="block text-xs text-slate-600">
                  {translateMessage(`payment.${order.payment_method}.name`, lang)}
                </span>
              </td>
              <td className="py-3 text-right font-semibold whitespace-nowrap">
                {formatMoney(order.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
