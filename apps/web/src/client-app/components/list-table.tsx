import { useTable, type RowData } from '@tanstack/react-table';
import { TableBlock } from '@/components/table/table-block';
import { tableBlockFeatures, type TableColumn } from '@/components/table/table-features';

/**
 * A list of the client area as the shared table block: inside its panel (no box of its own),
 * every row a card on a phone. The server answers the rows in their order; nothing is sorted
 * here.
 */
export function ListTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  empty,
}: {
  caption: string;
  columns: TableColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  empty: string;
}) {
  const table = useTable({
    features: tableBlockFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    manualPagination: true,
    enableSorting: false,
  });
  return (
    <TableBlock
      table={table}
      caption={caption}
      empty={empty}
      phone="cards"
      framed={false}
      minWidth="min-w-[36rem]"
    />
  );
}
