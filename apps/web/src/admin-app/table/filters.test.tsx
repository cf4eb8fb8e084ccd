import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { ADMIN_NAMESPACES } from '../language';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from './filters';
import type { ListConfig } from './list-view';
import { useListView } from './use-list-view';

const config: ListConfig = {
  sortable: ['created_at'],
  defaultSort: '-created_at',
  filters: ['q', 'status', 'from'],
};

function Filters() {
  const controls = useListView(config);
  return (
    <FilterBar>
      <SearchFilter controls={controls} label="Recherche" />
      <SelectFilter
        controls={controls}
        name="status"
        label="Statut"
        options={[
          { value: 'paid', label: 'Payée' },
          { value: 'pending', label: 'En attente' },
        ]}
      />
      <DateFilter controls={controls} name="from" label="Depuis" />
    </FilterBar>
  );
}

describe('the filters above a list', () => {
  beforeEach(async () => {
    await loadNamespaces(ADMIN_NAMESPACES);
  });

  it('names each control by its label and shows the values of the address', () => {
    renderRoutes(
      [{ path: '/orders', Component: Filters }],
      '/orders?q=atelier&status=paid&from=2026-01-05',
    );
    expect(screen.getByLabelText('Recherche')).toHaveValue('atelier');
    expect(screen.getByLabelText('Statut')).toHaveValue('paid');
    expect(screen.getByLabelText('Depuis')).toHaveValue('2026-01-05');
    expect(screen.getByRole('search')).toContainElement(screen.getByLabelText('Recherche'));
  });

  it('writes a search when submitted, and a choice or a date as soon as it changes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/orders', Component: Filters }], '/orders');

    await user.type(screen.getByLabelText('Recherche'), 'atelier');
    expect(router.state.location.search).toBe('');
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?q=atelier');

    await user.selectOptions(screen.getByLabelText('Statut'), 'pending');
    expect(router.state.location.search).toBe('?q=atelier&status=pending');

    await user.type(screen.getByLabelText('Depuis'), '2026-01-05');
    expect(router.state.location.search).toBe('?q=atelier&status=pending&from=2026-01-05');

    await user.selectOptions(screen.getByLabelText('Statut'), '');
    expect(router.state.location.search).toBe('?q=atelier&from=2026-01-05');
  });
});
