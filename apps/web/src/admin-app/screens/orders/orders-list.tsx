import { ADMIN_ORDER_SORTS } from '@cadran/domain/staff-orders';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@cadran/domain/order-status';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnchorButton, buttonClasses } from '@/components/ui/button';
import { exportUrl } from '../../api/admin-api';
import { customerName, OrdersPageSchema, type OrderRow } from '../../api/sales-schemas';
import { useAdminList } from '../../api/use-admin-list';
import { formatAmount, formatDay, formatTime } from '../../format';
import { ScreenHeader } from '../../layout/screen-header';
import { DataTable } from '../../table/data-table';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from '../../table/filters';
import { columnsFor } from '../../table/table-features';
import { useListView } from '../../table/use-list-view';
import { AdminOnly } from '../../ui/admin-only';
import { StatusBadge } from '../../ui/status-badge';
import { awaitsTransfer, SettleTransfer } from './settle-transfer';

export const ORDERS_LIST = {
  sortable: ADMIN_ORDER_SORTS,
  defaultSort: '-created_at',
  filters: ['q', 'status', 'payment_status', 'payment_method', 'flagged', 'from', 'to'],
} as const;

const column = columnsFor<OrderRow>();

/**
 * On a phone the row's first cell says what the columns off screen say (when, who, how much,
 * where it stands), so the list reads without scrolling sideways; hidden from assistive
 * technology, which reads those columns themselves.
 */
function PhoneSummary({ order }: { order: OrderRow }) {
  return (
    <span aria-hidden="true" className="mt-1 block space-y-1 font-sans text-slate-700 md:hidden">
      <span className="block">
        {formatDay(order.created_at)} · {formatAmount(order.total)}
      </span>
      <span className="block truncate">{customerName(order.customer)}</span>
      <span className="flex flex-wrap gap-1">
        <StatusBadge group="order" value={order.status} />
        <StatusBadge group="payment" value={order.payment_status} />
      </span>
    </span>
  );
}

/** Orders: search, filters, the newest first, and the CSV of what the filters select. */
export function OrdersScreen() {
  const { t, i18n } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const controls = useListView(ORDERS_LIST);
  const list = useAdminList('orders', '/orders', OrdersPageSchema, controls);
  const options = (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: ta(`status.${group}.${value}`) }));

  const columns = [
    column.accessor('order_number', {
      header: t('orders.number'),
      cell: (info) => (
        <>
          <Link
            to={`/orders/${info.row.original.id}`}
            className="font-mono font-semibold text-brand-700 hover:underline"
          >
            {info.getValue()}
          </Link>
          <PhoneSummary order={info.row.original} />
        </>
      ),
    }),
    column.accessor('created_at', {
      header: t('orders.date'),
      // Date above time: the list fits a 1366 px screen with its action column in view.
      cell: (info) => (
        <>
          <span className="block">{formatDay(info.getValue())}</span>
          <span className="block text-slate-600">{formatTime(info.getValue())}</span>
        </>
      ),
    }),
    column.display({
      id: 'customer',
      header: t('orders.customer'),
      cell: ({ row }) => (
        <span className="block max-w-56">
          <span className="block truncate font-medium">{customerName(row.original.customer)}</span>
          <span className="block truncate text-slate-600" title={row.original.customer.email}>
            {row.original.customer.email}
          </span>
        </span>
      ),
    }),
    column.accessor('status', {
      header: t('orders.status'),
      enableSorting: false,
      cell: (info) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge group="order" value={info.getValue()} />
          <StatusBadge group="payment" value={info.row.original.payment_status} />
          {info.row.original.flagged_reason && <StatusBadge group="order" value="flagged" />}
        </span>
      ),
    }),
    column.accessor('total', {
      header: t('orders.total'),
      cell: (info) => (
        <>
          <span className="block font-medium tabular-nums">{formatAmount(info.getValue())}</span>
          <span className="block text-slate-600">
            {ta(`status.method.${info.row.original.payment_method}`, {
              defaultValue: info.row.original.payment_method,
            })}
          </span>
        </>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{ta('table.actions')}</span>,
      cell: ({ row }) =>
        awaitsTransfer(row.original) ? <SettleTransfer order={row.original} /> : null,
    }),
  ];

  return (
    <>
      <ScreenHeader
        title={t('orders.title')}
        description={t('orders.intro')}
        actions={
          <>
            <AdminOnly>
              <Link to="/orders/new" className={buttonClasses({ size: 'sm' })}>
                {t('manual.new')}
              </Link>
            </AdminOnly>
            <AnchorButton
              variant="outline"
              size="sm"
              href={exportUrl('/orders/export.csv', {
                ...controls.view.filters,
                lang: i18n.language,
              })}
              download
            >
              {t('orders.export')}
            </AnchorButton>
          </>
        }
      />
      <FilterBar>
        <SearchFilter controls={controls} label={t('orders.search')} />
        <SelectFilter
          controls={controls}
          name="status"
          label={t('orders.status')}
          options={options('order', ORDER_STATUSES)}
        />
        <SelectFilter
          controls={controls}
          name="payment_status"
          label={t('orders.payment')}
          options={options('payment', PAYMENT_STATUSES)}
        />
        <SelectFilter
          controls={controls}
          name="payment_method"
          label={t('orders.method')}
          options={options('method', PAYMENT_METHODS)}
        />
        <SelectFilter
          controls={controls}
          name="flagged"
          label={t('orders.flagged')}
          options={[
            { value: 'true', label: ta('answers.yes') },
            { value: 'false', label: ta('answers.no') },
          ]}
        />
        <DateFilter controls={controls} name="from" label={ta('table.from')} />
        <DateFilter controls={controls} name="to" label={ta('table.to')} />
      </FilterBar>
      <DataTable
        caption={t('orders.title')}
        columns={columns}
        controls={controls}
        list={list}
        rowId={(row) => row.id}
      />
    </>
  );
}
