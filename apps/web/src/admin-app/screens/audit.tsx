import { AUDIT_AREAS, AuditResponseSchema, type AuditEntry } from '@cadran/domain/audit';
import { endOfShopDay, startOfShopDay } from '@cadran/domain/paris-days';
import { useTranslation } from 'react-i18next';
import { useAdminList } from '../api/use-admin-list';
import { formatWhen } from '../format';
import { ScreenHeader } from '../layout/screen-header';
import { DataTable } from '../table/data-table';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from '../table/filters';
import { columnsFor } from '../table/table-features';
import { useListView } from '../table/use-list-view';
import { AuditChange } from './audit-change';
import { describeTarget } from './audit-words';

export const AUDIT_LIST = {
  sortable: ['at'],
  defaultSort: '-at',
  filters: ['actor_id', 'action', 'target_type', 'target_id', 'from', 'to'],
} as const;

/**
 * The period's days as the API reads them: from the start of the first to the end of the last,
 * Paris days as every list and export of the back office counts them.
 */
export const auditQuery = (query: Record<string, string | number>) => {
  const { from, to, sort: _sort, ...rest } = query;
  return {
    ...rest,
    ...(from ? { from: startOfShopDay(String(from)).toISOString() } : {}),
    ...(to ? { to: endOfShopDay(String(to)).toISOString() } : {}),
  };
};

/** The audit trail's list predates the staff lists' shape: its rows come under `data`. */
const AuditPageSchema = AuditResponseSchema.transform(({ data, total }) => ({
  items: data,
  total,
}));

const column = columnsFor<AuditEntry>();

/** Who did what, when, to what: the staff audit trail, newest first. */
export function AuditScreen() {
  const { t } = useTranslation('admin-content');
  const controls = useListView(AUDIT_LIST);
  const list = useAdminList('audit', '/audit', AuditPageSchema, controls, auditQuery);

  const columns = [
    column.accessor('at', {
      header: t('audit.when'),
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{formatWhen(info.getValue())}</span>,
    }),
    column.display({
      id: 'actor',
      header: t('audit.actor'),
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left text-brand-700 hover:underline"
          onClick={() => controls.setFilter('actor_id', row.original.actor.id)}
          aria-label={t('audit.byActor', { email: row.original.actor.email })}
        >
          {row.original.actor.email}
        </button>
      ),
    }),
    column.accessor('action', {
      header: t('audit.action'),
      enableSorting: false,
      // The action's name in the reader's language; its code stays in the tooltip, as the
      // filter and the API know it. An action this screen does not know shows its code.
      cell: (info) => (
        <span title={info.getValue()}>
          {t(`audit.actions.${info.getValue()}`, { defaultValue: info.getValue() })}
        </span>
      ),
    }),
    column.display({
      id: 'target',
      header: t('audit.target'),
      // The target by what staff know it by; its type and whole id stay in the tooltip.
      cell: ({ row }) => (
        <span title={`${row.original.target.type} · ${row.original.target.id}`}>
          {describeTarget(t, row.original)}
        </span>
      ),
    }),
    column.display({
      id: 'change',
      meta: { wrap: true },
      header: t('audit.change'),
      cell: ({ row }) => <AuditChange entry={row.original} />,
    }),
  ];

  return (
    <>
      <ScreenHeader title={t('audit.title')} description={t('audit.intro')} />
      <FilterBar>
        <SelectFilter
          controls={controls}
          name="action"
          label={t('audit.area')}
          options={AUDIT_AREAS.map((area) => ({ value: area, label: t(`audit.areas.${area}`) }))}
        />
        <SearchFilter controls={controls} name="target_id" label={t('audit.targetId')} />
        <SearchFilter controls={controls} name="actor_id" label={t('audit.actorId')} />
        <DateFilter controls={controls} name="from" label={t('audit.from')} />
        <DateFilter controls={controls} name="to" label={t('audit.to')} />
      </FilterBar>
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        controls={controls}
        list={list}
        rowId={(row) => String(row.id)}
      />
    </>
  );
}
