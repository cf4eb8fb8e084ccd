import { STAFF_MESSAGE_SORTS } from '@cadran/domain/staff-messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_STATUSES, MessagesPageSchema, type MessageRow } from '../../api/content-schemas';
import { useAdminList } from '../../api/use-admin-list';
import { formatWhen, subjectLabel } from '../../format';
import { ScreenHeader } from '../../layout/screen-header';
import { DataTable } from '../../table/data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../../table/filters';
import { columnsFor } from '../../table/table-features';
import { useListView } from '../../table/use-list-view';
import { StatusBadge } from '../../ui/status-badge';

export const MESSAGES_LIST = {
  sortable: STAFF_MESSAGE_SORTS,
  defaultSort: '-created_at',
  filters: ['q', 'status'],
} as const;

const column = columnsFor<MessageRow>();

/** Messages sent from the contact form, by status; the newest first. */
export function MessagesScreen() {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const controls = useListView(MESSAGES_LIST);
  const list = useAdminList('messages', '/messages', MessagesPageSchema, controls);
  const columns = [
    column.accessor('subject', {
      header: t('messages.subject'),
      meta: { wrap: true },
      enableSorting: false,
      cell: (info) => (
        <Link
          to={`/messages/${info.row.original.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {info.getValue() ? subjectLabel(info.getValue()) : t('messages.noSubject')}
        </Link>
      ),
    }),
    column.display({
      id: 'from',
      header: t('messages.from'),
      cell: ({ row }) => (
        <>
          <span className="block">{row.original.name}</span>
          <span className="block text-slate-600">{row.original.email}</span>
        </>
      ),
    }),
    column.accessor('status', {
      header: t('messages.status'),
      enableSorting: false,
      cell: (info) => <StatusBadge group="message" value={info.getValue()} />,
    }),
    column.accessor('created_at', {
      header: t('messages.received'),
      cell: (info) => formatWhen(info.getValue()),
    }),
  ];
  return (
    <>
      <ScreenHeader title={t('messages.title')} description={t('messages.intro')} />
      <FilterBar>
        <SearchFilter controls={controls} label={t('messages.search')} />
        <SelectFilter
          controls={controls}
          name="status"
          label={t('messages.status')}
          options={MESSAGE_STATUSES.map((value) => ({
            value,
            label: ta(`status.message.${value}`),
          }))}
        />
      </FilterBar>
      <DataTable
        caption={t('messages.title')}
        columns={columns}
        controls={controls}
        list={list}
        rowId={(row) => row.id}
      />
    </>
  );
}
