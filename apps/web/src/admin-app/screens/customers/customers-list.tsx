import { CUSTOMER_SORTS } from '@cadran/domain/staff-customers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomersPageSchema, type CustomerRow } from '../../api/sales-schemas';
import { useAdminList } from '../../api/use-admin-list';
import { formatAmount, formatDay } from '../../format';
import { ScreenHeader } from '../../layout/screen-header';
import { DataTable } from '../../table/data-table';
import { FilterBar, SearchFilter } from '../../table/filters';
import { columnsFor } from '../../table/table-features';
import { useListView } from '../../table/use-list-view';
import { StatusBadge } from '../../ui/status-badge';

export const CUSTOMERS_LIST = {
  sortable: CUSTOMER_SORTS,
  defaultSort: '-created_at',
  filters: ['q'],
} as const;

const column = columnsFor<CustomerRow>();

/** Client accounts: search by e-mail, name or company; their orders and what they paid. */
export function CustomersScreen() {
  const { t } = useTranslation('admin-sales');
  const controls = useListView(CUSTOMERS_LIST);
  const list = useAdminList('customers', '/customers', CustomersPageSchema, controls);
  const columns = [
    column.accessor('email', {
      header: t('customers.email'),
      cell: (info) => (
        <Link
          to={`/customers/${info.row.original.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    column.display({
      id: 'name',
      header: t('customers.name'),
      cell: ({ row }) => (
        <>
          <span className="block">{row.original.name}</span>
          {row.original.company && (
            <span className="block text-slate-600">{row.original.company}</span>
          )}
        </>
      ),
    }),
    column.accessor('country', { header: t('customers.country'), enableSorting: false }),
    column.accessor('order_count', { header: t('customers.orders') }),
    column.accessor('total_paid', {
      header: t('customers.totalPaid'),
      enableSorting: false,
      cell: (info) => <span className="tabular-nums">{formatAmount(info.getValue())}</span>,
    }),
    column.accessor('created_at', {
      header: t('customers.since'),
      cell: (info) => formatDay(info.getValue()),
    }),
    column.accessor('locked', {
      header: t('customers.state'),
      enableSorting: false,
      cell: (info) => <StatusBadge group="account" value={info.getValue() ? 'locked' : 'open'} />,
    }),
  ];
  return (
    <>
      <ScreenHeader title={t('customers.title')} description={t('customers.intro')} />
      <FilterBar>
        <SearchFilter controls={controls} label={t('customers.search')} />
      </FilterBar>
      <DataTable
        caption={t('customers.title')}
        columns={columns}
        controls={controls}
        list={list}
        rowId={(row) => row.id}
      />
    </>
  );
}
