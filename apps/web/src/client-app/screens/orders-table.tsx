import type { OrderSummary } from '@cadran/domain/client-area';
import { translateMessage } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { columnsFor } from '@/components/table/table-features';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { ListTable } from '../components/list-table';
import { OrderStatusBadge, paymentStatusLabel } from '../components/status-badges';

const column = columnsFor<OrderSummary>();

/** The account's orders as a table (a list of cards on a phone). */
export function OrdersTable({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  const { t } = useTranslation('client');
  const lang = currentLanguage();
  if (orders.length === 0) return <p className="text-slate-700">{t('orders.none')}</p>;
  const columns = [
    column.accessor('order_number', {
      header: t('orders.number'),
      cell: ({ row }) => (
        <span>
          <Link
            to={`/orders/${row.original.id}`}
            className="font-mono font-semibold text-brand-700 underline"
          >
            {row.original.order_number}
          </Link>
          {row.original.kind === 'renewal' && (
            <span className="block text-xs text-slate-600">{t('orders.renewal')}</span>
          )}
        </span>
      ),
    }),
    column.accessor('created_at', {
      header: t('orders.date'),
      cell: ({ getValue }) => formatDate(getValue()),
    }),
    column.accessor('status', {
      header: t('orders.status'),
      cell: ({ getValue }) => <OrderStatusBadge status={getValue()} />,
    }),
    column.accessor('payment_status', {
      header: t('orders.payment'),
      cell: ({ row }) => (
        <span>
          {paymentStatusLabel(row.original.payment_status)}
          <span className="block text-xs text-slate-600">
            {translateMessage(`payment.${row.original.payment_method}.name`, lang)}
          </span>
        </span>
      ),
    }),
    column.accessor('total', {
      header: t('orders.total'),
      cell: ({ getValue }) => <span className="font-semibold">{formatMoney(getValue())}</span>,
    }),
  ];
  return (
    <ListTable
      caption={caption}
      columns={columns}
      rows={orders}
      rowId={(order) => order.id}
      empty={t('orders.none')}
    />
  );
}
