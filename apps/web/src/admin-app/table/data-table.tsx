import { useTable, type RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { ScrollRegion } from '../ui/scroll-region';
import { Pagination } from './pagination';
import { adminTableFeatures, type AdminColumn } from './table-features';
import type { ListViewControls } from './use-list-view';

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology (its caption). */
  caption: string;
  columns: AdminColumn<T>[];
  controls: ListViewControls;
  /** The page of rows, as useAdminList reads it. */
  list: {
    rows: T[] | undefined;
    total: number;
    loading: boolean;
    error: string | null;
    retry: () => void;
  };
  rowId: (row: T) => string;
}

const SORT_ARIA = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A staff list as a table (TanStack Table, headless): the server sorts and pages, the address
 * holds the view (useListView), and sortable headers are buttons that say their order.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  controls,
  list,
  rowId,
}: DataTableProps<T>) {
  const { t } = useTranslation('admin');
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data: list.rows ?? [],
    getRowId: rowId,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    // Newest, largest first: what staff look for.
    sortDescFirst: true,
    rowCount: list.total,
    state: { sorting: controls.sorting, pagination: controls.pagination },
    onSortingChange: controls.onSortingChange,
    onPaginationChange: controls.onPaginationChange,
  });

  if (list.error) {
    return (
      <Alert tone="error" title={t('table.loadFailed')}>
        <p>{list.error}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={list.retry}>
          {t('table.retry')}
        </Button>
      </Alert>
    );
  }

  const tableRows = table.getRowModel().rows;
  return (
    <div className="rounded-card border border-slate-200 bg-white shadow-sm">
      <ScrollRegion label={caption}>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const sortable = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-4 py-3 whitespace-nowrap"
                      aria-sort={sortable ? (sorted ? SORT_ARIA[sorted] : 'none') : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true" className={cn(!sorted && 'text-slate-400')}>
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tableRows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50">
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn(
                      'px-4 py-3 align-top text-slate-800',
                      !cell.column.columnDef.meta?.wrap && 'whitespace-nowrap',
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {tableRows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-600">
                  {list.loading ? <Spinner label={t('table.loading')} /> : t('table.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <Pagination
        pageIndex={controls.pagination.pageIndex}
        pageSize={controls.pagination.pageSize}
        total={list.total}
        onChange={(next) => controls.onPaginationChange(next)}
      />
    </div>
  );
}
