import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/**
 * What a column may say besides its cells: `wrap` lets a column of prose wrap (cells stay on
 * one line otherwise, the table scrolling); `label` names the cell on a phone, where a table
 * in cards shows each cell under its column's name (given when the header is not plain text).
 */
const columnMeta: { wrap?: boolean; label?: string } = {};

/** What the tables use of TanStack Table: sorting and paging, both done by the server. */
export const tableBlockFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta,
});
export type TableBlockFeatures = typeof tableBlockFeatures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
export type TableColumn<T extends RowData> = ColumnDef<TableBlockFeatures, T, any>;

export const columnsFor = <T extends RowData>() => createColumnHelper<TableBlockFeatures, T>();
