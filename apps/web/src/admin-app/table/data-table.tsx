import { useTable, type RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TableBlock, type PhoneLayout } from '@/components/table/table-block';
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
  /** How the table meets a phone: it scrolls in its box unless a screen asks for cards. */
  phone?: PhoneLayout;
}

/**
 * A staff list as a table (TanStack Table, headless): the server sorts and pages, the address
 * holds the view (useListView); drawn by the table block the three applications share.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  controls,
  list,
  rowId,
  phone = 'scroll',
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

  return (
    <TableBlock
      table={table}
      caption={caption}
      phone={phone}
      empty={list.loading ? <Spinner label={t('table.loading')} /> : t('table.empty')}
      footer={
        <Pagination
          pageIndex={controls.pagination.pageIndex}
          pageSize={controls.pagination.pageSize}
          total={list.total}
          onChange={(next) => controls.onPaginationChange(next)}
        />
      }
    />
  );
}
