import { useTranslation } from 'react-i18next';
import { AnchorButton } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { exportUrl } from '../api/admin-api';
import { NEWSLETTER_STATUSES, NewsletterPageSchema, type Subscriber } from '../api/content-schemas';
import { useAdminList, useAdminResource } from '../api/use-admin-list';
import { formatWhen } from '../format';
import { ScreenHeader } from '../layout/screen-header';
import { DataTable } from '../table/data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../table/filters';
import { columnsFor } from '../table/table-features';
import { useListView } from '../table/use-list-view';
import { StatusBadge } from '../ui/status-badge';

export const NEWSLETTER_LIST = {
  sortable: ['created_at'],
  defaultSort: '-created_at',
  filters: ['q', 'status'],
} as const;

const column = columnsFor<Subscriber>();

/** Newsletter subscribers by status, and the CSV of the confirmed ones (administrators). */
export function NewsletterScreen() {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const controls = useListView(NEWSLETTER_LIST);
  const list = useAdminList('newsletter', '/newsletter', NewsletterPageSchema, controls);
  const counts = useAdminResource(
    ['newsletter-counts'],
    '/newsletter?limit=1',
    NewsletterPageSchema,
  );
  const columns = [
    column.accessor('email', { header: t('newsletter.email'), enableSorting: false }),
    column.accessor('status', {
      header: t('newsletter.status'),
      enableSorting: false,
      cell: (info) => <StatusBadge group="subscriber" value={info.getValue()} />,
    }),
    column.accessor('language', {
      header: t('newsletter.language'),
      enableSorting: false,
      cell: (info) => info.getValue().toUpperCase(),
    }),
    column.accessor('created_at', {
      header: t('newsletter.since'),
      cell: (info) => formatWhen(info.getValue()),
    }),
  ];
  return (
    <>
      <ScreenHeader
        title={t('newsletter.title')}
        description={t('newsletter.intro')}
        actions={
          <AnchorButton
            variant="outline"
            size="sm"
            href={exportUrl('/newsletter/export.csv', {})}
            download
          >
            {t('newsletter.export')}
          </AnchorButton>
        }
      />
      {counts.data && (
        <ul className="mb-6 grid gap-4 sm:grid-cols-3">
          {NEWSLETTER_STATUSES.map((status) => (
            <li
              key={status}
              className="rounded-card border border-slate-200 bg-white p-4 shadow-sm"
            >
              <span className="block text-sm text-slate-600">
                {ta(`status.subscriber.${status}`)}
              </span>
              <span className="mt-1 block text-2xl font-semibold tabular-nums">
                {formatNumber(counts.data.counts[status])}
              </span>
            </li>
          ))}
        </ul>
      )}
      <FilterBar>
        <SearchFilter controls={controls} label={t('newsletter.search')} />
        <SelectFilter
          controls={controls}
          name="status"
          label={t('newsletter.status')}
          options={NEWSLETTER_STATUSES.map((value) => ({
            value,
            label: ta(`status.subscriber.${value}`),
          }))}
        />
      </FilterBar>
      <DataTable
        caption={t('newsletter.title')}
        columns={columns}
        controls={controls}
        list={list}
        rowId={(row) => row.id}
      />
    </>
  );
}
