import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { InvoicesScreen } from './invoices-screen';

/**
 * The account's invoices and credit notes (docs/product.md 'Client area'): each with its order
 * and its PDF, drawn by the shared table block (cards on a phone, each cell named).
 */

const fetchMock = mockFetch();
const ORDER_ID = '6f1c2a8e-4b7d-4c1e-9a3f-2d5b8e7c9a10';
const documents = [
  {
    kind: 'credit_note',
    number: 'AV-2026-00002',
    issued_at: '2026-11-22T10:00:00.000Z',
    total: '588.00',
    currency: 'EUR',
    order_id: ORDER_ID,
    order_number: 'CAD-2026-7KQ4M9XZ',
    url: '/api/v1/website/invoices/AV-2026-00002/pdf',
  },
  {
    kind: 'invoice',
    number: 'FA-2026-00007',
    issued_at: '2026-11-20T10:00:00.000Z',
    total: '588.00',
    currency: 'EUR',
    order_id: ORDER_ID,
    order_number: 'CAD-2026-7KQ4M9XZ',
    url: '/api/v1/website/invoices/FA-2026-00007/pdf',
  },
];

const renderAt = () =>
  renderRoutes([{ path: '/invoices', Component: InvoicesScreen }], '/invoices');

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the client area: my invoices', () => {
  it('lists each document with its kind, order and PDF, as the API answers them', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { success: true, documents })));
    renderAt();
    const table = await screen.findByRole('table', { name: 'Factures et avoirs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('AV-2026-00002');
    expect(rows[0]).toHaveTextContent('Avoir');
    expect(rows[1]).toHaveTextContent('Facture');
    expect(
      within(rows[1]!).getByRole('link', { name: 'Télécharger FA-2026-00007 (PDF)' }),
    ).toHaveAttribute('href', '/api/v1/website/invoices/FA-2026-00007/pdf');
    expect(within(rows[1]!).getByRole('link', { name: 'CAD-2026-7KQ4M9XZ' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}`,
    );
    // On a phone each cell is shown under its column's name.
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual([
      'Document',
      'Date',
      'Commande',
      'Total TTC',
      'Télécharger',
    ]);
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/website/invoices');
  });

  it('says so when there is none yet, in English', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(200, { success: true, documents: [] })),
    );
    renderAt();
    expect(await screen.findByText('No invoice yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
