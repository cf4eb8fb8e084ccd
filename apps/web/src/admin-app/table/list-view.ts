/**
 * A staff list's view as its address says it (docs/product.md 'Back office' ('Screens')): page,
 * page size, sort and filters live in the URL's search params, so a view can be linked,
 * reloaded and walked back through with the browser's history. The same view gives the API's
 * query: `limit`, `offset`, `sort` (`<column>` or `-<column>`) and the filters under their own
 * names.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface ListConfig {
  /** Columns the server sorts by (its whitelist). */
  sortable: readonly string[];
  /** The server's order when none is chosen, e.g. '-created_at'; left out of the address. */
  defaultSort: string;
  /** Filter names, the same in the address and in the API's query. */
  filters: readonly string[];
}

export interface ListSort {
  id: string;
  desc: boolean;
}

export interface ListView {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  sort: ListSort;
  filters: Record<string, string>;
}

const FILTER_MAX = 100;

export function parseSort(value: string | null, sortable: readonly string[]): ListSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return sortable.includes(id) ? { id, desc } : null;
}

export const sortParam = (sort: ListSort): string => `${sort.desc ? '-' : ''}${sort.id}`;

/** Reads a view from the address; anything unknown or out of range falls back to the default. */
export function readListView(search: URLSearchParams, config: ListConfig): ListView {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const filters: Record<string, string> = {};
  for (const name of config.filters) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value.slice(0, FILTER_MAX);
  }
  return {
    pageIndex: Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: parseSort(search.get('sort'), config.sortable) ??
      parseSort(config.defaultSort, config.sortable) ?? { id: config.defaultSort, desc: false },
    filters,
  };
}

/** Writes a view to the address, leaving out what is the default. */
export function writeListView(view: ListView, config: ListConfig): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of config.filters) {
    const value = view.filters[name];
    if (value) search.set(name, value);
  }
  const sort = sortParam(view.sort);
  if (sort !== config.defaultSort) search.set('sort', sort);
  if (view.pageSize !== DEFAULT_PAGE_SIZE) search.set('size', String(view.pageSize));
  if (view.pageIndex > 0) search.set('page', String(view.pageIndex + 1));
  return search;
}

/** The API's query for a view: paging, sort and the filters. */
export function listQuery(view: ListView): Record<string, string | number> {
  return {
    limit: view.pageSize,
    offset: view.pageIndex * view.pageSize,
    sort: sortParam(view.sort),
    ...view.filters,
  };
}
