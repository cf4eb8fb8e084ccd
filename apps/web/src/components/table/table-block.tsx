import type { ReactTable, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ScrollRegion } from './scroll-region';
import type { TableBlockFeatures } from './table-features';

const SORT_ARIA = { asc: 'ascending', desc: 'descending' } as const;

/**
 * How the table meets a phone: `scroll`, the whole table scrolls inside its box; `cards`, below
 * the `md` width each row becomes a card listing its cells under their column's name (a CSS
 * change of the same table: one DOM, no second copy for screen readers to find twice).
 */
export type PhoneLayout = 'scroll' | 'cards';

const CARD = {
  table: 'max-md:block max-md:min-w-0',
  thead: 'max-md:hidden',
  tbody: 'max-md:block max-md:space-y-3 max-md:divide-y-0',
  row: 'max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3 max-md:hover:bg-white',
  cell: 'max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:whitespace-normal max-md:before:text-left max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]',
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any row type, any selection
type AnyTable<T extends RowData> = ReactTable<TableBlockFeatures, T, any>;

export interface TableBlockProps<T extends RowData> {
  /** A TanStack table built with `tableBlockFeatures` (useTable). */
  table: AnyTable<T>;
  /** Names the table for assistive technology (its caption) and its scrolling box. */
  caption: string;
  /** What an empty table says (or a spinner while the first rows load). */
  empty: ReactNode;
  phone?: PhoneLayout;
  /** A box of its own (border, shadow); off when the table sits in a panel already. */
  framed?: boolean;
  /** Under the rows: paging. */
  footer?: ReactNode;
  /** Under `md`, the minimum width of a scrolling table. */
  minWidth?: string;
}

/** The name a cell shows beside its value in a card: the column's label, or its plain header. */
const cellLabel = (def: { meta?: { label?: string } | undefined; header?: unknown }): string =>
  def.meta?.label ?? (typeof def.header === 'string' ? def.header : '');

/**
 * The one table block of the site, the client area and the back office: a caption for
 * assistive technology, sortable headers as buttons that say their order, cells on one line
 * unless a column holds prose, and its phone layout. The data, sorting and paging are the
 * caller's (TanStack Table, headless).
 */
export function TableBlock<T extends RowData>({
  table,
  caption,
  empty,
  phone = 'scroll',
  framed = true,
  footer,
  minWidth = 'min-w-[40rem]',
}: TableBlockProps<T>) {
  const cards = phone === 'cards';
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  return (
    <div className={cn(framed && 'rounded-card border border-slate-200 bg-white shadow-sm')}>
      <ScrollRegion label={caption}>
        <table className={cn('w-full text-left text-sm', minWidth, cards && CARD.table)}>
          <caption className="sr-only">{caption}</caption>
          <thead
            className={cn(
              'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase',
              cards && CARD.thead,
            )}
          >
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
          <tbody className={cn('divide-y divide-slate-100', cards && CARD.tbody)}>
            {rows.map((row) => (
              <tr key={row.id} className={cn('hover:bg-slate-50', cards && CARD.row)}>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={cards ? cellLabel(cell.column.columnDef) : undefined}
                    className={cn(
                      'px-4 py-3 align-top text-slate-800',
                      !cell.column.columnDef.meta?.wrap && 'whitespace-nowrap',
                      cards && CARD.cell,
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-600">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {footer}
    </div>
  );
}
