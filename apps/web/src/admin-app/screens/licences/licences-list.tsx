import { STAFF_LICENSE_SORTS } from '@cadran/domain/staff-licenses';
import { LICENSE_STATUSES } from '@cadran/domain/licenses';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LicencesPageSchema, type LicenceRow } from '../../api/sales-schemas';
import { useAdminList } from '../../api/use-admin-list';
import { formatDay } from '../../format';
import { ScreenHeader } from '../../layout/screen-header';
import { DataTable } from '../../table/data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../../table/filters';
import { columnsFor } from '../../table/table-features';
import { useListView } from '../../table/use-list-view';
import { StatusBadge } from '../../ui/status-badge';

export const LICENCES_LIST = {
  sortable: STAFF_LICENSE_SORTS,
  defaultSort: '-created_at',
  filters: ['q', 'status'],
} as const;

export const licenceDomains = (licence: LicenceRow): string => licence.domains.join(', ');

const column = columnsFor<LicenceRow>();

/** Licences: search by key, domain or customer e-mail; status and expiry. */
export function LicencesScreen() {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const controls = useListView(LICENCES_LIST);
  const list = useAdminList('licences', '/licenses', LicencesPageSchema, controls);
  const columns = [
    column.accessor('key', {
      header: t('licences.key'),
      enableSorting: false,
      cell: (info) => (
        <Link
          to={`/licences/${info.row.original.id}`}
          className="font-mono text-xs font-semibold text-brand-700 hover:underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    column.display({
      id: 'domains',
      header: t('licences.domains'),
      cell: ({ row }) => licenceDomains(row.original),
    }),
    column.display({
      id: 'customer',
      header: t('licences.customer'),
      cell: ({ row }) => row.original.customer.email,
    }),
    column.accessor('template.name', {
      id: 'template',
      header: t('licences.template'),
      enableSorting: false,
    }),
    column.accessor('status', {
      header: t('licences.status'),
      enableSorting: false,
      cell: (info) => <StatusBadge group="licence" value={info.getValue()} />,
    }),
    column.accessor('expires_at', {
      header: t('licences.expires'),
      cell: (info) => (info.getValue() ? formatDay(info.getValue()) : t('licences.never')),
    }),
    column.accessor('created_at', {
      header: t('licences.created'),
      cell: (info) => formatDay(info.getValue()),
    }),
  ];
  return (
    <>
      <ScreenHeader title={t('licences.title')} description={t('licences.intro')} />
      <FilterBar>
        <SearchFilter controls={controls} label={t('licences.search')} />
        <SelectFilter
          controls={controls}
          name="status"
          label={t('licences.status')}
          options={LICENSE_STATUSES.map((value) => ({
            value,
            label: ta(`status.licence.${value}`),
          }))}
        />
      </FilterBar>
      <DataTable
        caption={t('licences.title')}
        columns={columns}
        controls={controls}
        list={list}
        rowId={(row) => row.id}
      />
    </>
  );
}
