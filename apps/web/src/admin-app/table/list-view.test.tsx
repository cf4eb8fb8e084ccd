import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { ADMIN_NAMESPACES } from '../language';
import { DataTable } from './data-table';
import { listQuery, readListView, writeListView, type ListConfig } from './list-view';
import { columnsFor } from './table-features';
import { useListView } from './use-list-view';

const config: ListConfig = {
  sortable: ['created_at', 'total'],
  defaultSort: '-created_at',
  filters: ['q', 'status'],
};

describe('a list view in the address', () => {
  it('reads page, size, sort and filters, and gives the API its query', () => {
    const view = readListView(
      new URLSearchParams('page=3&size=50&sort=total&q=atelier&status=pending&other=x'),
      config,
    );
    expect(view).toEqual({
      pageIndex: 2,
      pageSize: 50,
      sort: { id: 'total', desc: false },
      filters: { q: 'atelier', status: 'pending' },
    });
    expect(listQuery(view)).toEqual({
      limit: 50,
      offset: 100,
      sort: 'total',
      q: 'atelier',
      status: 'pending',
    });
  });

  it('falls back to the defaults for what it does not know', () => {
    const view = readListView(new URLSearchParams('page=-1&size=7&sort=password'), config);
    expect(view).toEqual({
      pageIndex: 0,
      pageSize: 25,
      sort: { id: 'created_at', desc: true },
      filters: {},
    });
  });

  it('writes back only what differs from the default, so links stay short', () => {
    const search = writeListView(
      { pageIndex: 1, pageSize: 25, sort: { id: 'created_at', desc: true }, filters: { q: 'x' } },
      config,
    );
    expect(search.toString()).toBe('q=x&page=2');
    const again = readListView(search, config);
    expect(writeListView(again, config).toString()).toBe('q=x&page=2');
  });
});

interface Row {
  id: string;
  created_at: string;
  total: number;
}
const column = columnsFor<Row>();
const columns = [
  column.accessor('created_at', { header: 'Date' }),
  column.accessor('total', { header: 'Total' }),
  column.accessor('id', { header: 'Id', enableSorting: false }),
];
const rows: Row[] = [{ id: 'a', created_at: '2026-11-24', total: 100 }];

function Table() {
  const controls = useListView(config);
  return (
    <DataTable
      caption="Orders"
      columns={columns}
      controls={controls}
      list={{ rows, total: 120, loading: false, error: null, retry: () => undefined }}
      rowId={(row) => row.id}
    />
  );
}

describe('the table and the address', () => {
  beforeEach(async () => {
    await loadNamespaces(ADMIN_NAMESPACES);
  });

  it('shows the sort of the address on its header and changes the address when a header is pressed', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/orders', Component: Table }], '/orders?sort=total');
    const table = screen.getByRole('table', { name: 'Orders' });
    const total = within(table).getByRole('columnheader', { name: /Total/ });
    expect(total).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: 'Id' })).not.toHaveAttribute(
      'aria-sort',
    );

    await user.click(within(total).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=-total');
    expect(total).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: /Date/ }));
    // The default order is left out of the address.
    expect(router.state.location.search).toBe('');
  });

  it('pages through the address and goes back to the first page when the size changes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/orders', Component: Table }], '/orders?q=x');
    expect(screen.getByText('1–25 sur 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(router.state.location.search).toBe('?q=x&page=2');
    expect(screen.getByText('26–50 sur 120')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lignes par page'), '50');
    expect(router.state.location.search).toBe('?q=x&size=50');
  });
});
