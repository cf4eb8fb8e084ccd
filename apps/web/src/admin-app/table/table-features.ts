import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** Cells stay on one line (the table scrolls) unless a column holds prose. */
const columnMeta: { wrap?: boolean } = {};

/** What the back office's tables use of TanStack Table: sorting and paging, both by the server. */
export const adminTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta,
});
export type AdminTableFeatures = typeof adminTableFeatures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
export type AdminColumn<T extends RowData> = ColumnDef<AdminTableFeatures, T, any>;

export const columnsFor = <T extends RowData>() => createColumnHelper<AdminTableFeatures, T>();
