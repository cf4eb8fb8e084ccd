import type { PaginationState, SortingState, Updater } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import { readListView, writeListView, type ListConfig, type ListView } from './list-view';

const apply = <T>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/**
 * The view of a list, read from and written to the address. A change of sort, filter or page
 * size goes back to the first page; each change is a step of the browser's history.
 */
export function useListView(config: ListConfig) {
  const [search, setSearch] = useSearchParams();
  const view = readListView(search, config);
  const go = (next: ListView) => setSearch(writeListView(next, config));

  const sorting: SortingState = [view.sort];
  const pagination: PaginationState = { pageIndex: view.pageIndex, pageSize: view.pageSize };

  return {
    view,
    sorting,
    pagination,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = apply(updater, sorting);
      // Sorting cannot be removed: a third click on a column goes back to the default order.
      const sort = first ?? readListView(new URLSearchParams(), config).sort;
      go({ ...view, sort, pageIndex: 0 });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = apply(updater, pagination);
      go({
        ...view,
        pageSize: next.pageSize,
        pageIndex: next.pageSize === view.pageSize ? next.pageIndex : 0,
      });
    },
    setFilter: (name: string, value: string) => {
      const filters = { ...view.filters };
      if (value.trim()) filters[name] = value.trim();
      else delete filters[name];
      go({ ...view, filters, pageIndex: 0 });
    },
  };
}

export type ListViewControls = ReturnType<typeof useListView>;
