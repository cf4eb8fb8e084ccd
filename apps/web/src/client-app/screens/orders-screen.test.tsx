import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { orderSummary } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { OrdersScreen } from './orders-screen';

const order = orderSummary;

const list = (orders: unknown[], total: number, page = 1) =>
  json(200, { success: true, orders, total, page, page_size: 20 });

const fetchMock = mockFetch();
const renderAt = (path = '/orders') =>
  renderRoutes([{ path: '/orders', element: <OrdersScreen /> }], path);

describe('the client area: my orders', () => {
  it('lists the orders the API answers, each linked to its page, a renewal named as such', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(list([order(1), order(2, { kind: 'renewal' })], 2)),
    );
    renderAt();
    const table = await screen.findByRole('table', { name: 'Commandes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'CAD-2026-ABCDEF01' })).toHaveAttribute(
      'href',
      `/orders/${order(1).id}`,
    );
    expect(within(rows[1]!).getByText('Renouvellement')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes commandes' })).toBeInTheDocument();
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toContain('/orders?page=1&page_size=20');
    // One page only: no page navigation.
    expect(screen.queryByRole('navigation', { name: 'Pages de commandes' })).toBeNull();
  });

  it('says so when there is no order yet', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(list([], 0)));
    renderAt();
    expect(await screen.findByText('Aucune commande pour le moment.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through a long history, reading the page from the address', async () => {
    fetchMock.mockImplementation((input) => {
      const page = Number(new URL(requestUrl(input), 'http://x').searchParams.get('page'));
      return Promise.resolve(list([order(page)], 45, page));
    });
    renderAt('/orders?page=2');
    const pages = await screen.findByRole('navigation', { name: 'Pages de commandes' });
    expect(within(pages).getByText('Page 2 sur 3')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('link', { name: 'Suivantes' }));
    expect(await screen.findByText('Page 3 sur 3')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CAD-2026-ABCDEF03' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Suivantes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Précédentes' })).toBeInTheDocument();
  });

  it('tells why the list could not be read, and reads it again on request', async () => {
    fetchMock
      .mockImplementationOnce(() =>
        Promise.resolve(json(403, { success: false, message: 'Accès refusé.' })),
      )
      .mockImplementation(() => Promise.resolve(list([order(1)], 1)));
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible d’afficher ces informations');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'CAD-2026-ABCDEF01' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
