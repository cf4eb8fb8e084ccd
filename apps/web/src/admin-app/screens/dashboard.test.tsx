import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../test-staff';
import { DashboardScreen } from './dashboard';

const figures = { orders: 2, revenue: 11_760, revenue_before_vat: 9_800 };
const dashboard = {
  success: true,
  today: figures,
  last_30_days: { ...figures, by_day: [] },
  transfers_awaiting: 0,
  new_messages: 0,
  licences_expiring_this_month: 1,
};

const fetchMock = mockFetch();

describe('the dashboard’s money figures', () => {
  it('shows MRR, ARR, the renewal rate and the money recovered by retries', async () => {
    await signInAs('admin');
    fetchMock.mockResolvedValue(
      json(200, {
        ...dashboard,
        recurring: {
          mrr: 124_500,
          arr: 1_494_000,
          renewal_rate: 0.92,
          recovered_by_dunning: 5_880,
        },
      }),
    );
    renderRoutes([{ path: '/', Component: DashboardScreen }], '/');
    const section = await screen.findByRole('region', { name: 'Revenu récurrent' });
    const items = within(section).getAllByRole('listitem');
    // Testing Library folds the no-break spaces Intl prints into plain ones.
    expect(items[0]).toHaveTextContent('Revenu récurrent mensuel (HT)1 245,00 €');
    expect(items[1]).toHaveTextContent('Revenu récurrent annuel (HT)14 940,00 €');
    expect(items[2]).toHaveTextContent('Taux de renouvellement92 %');
    expect(items[3]).toHaveTextContent('Récupéré par les relances58,80 €');
  });

  it('leaves the section out when the server sends no recurring figures', async () => {
    await signInAs('admin');
    fetchMock.mockResolvedValue(json(200, dashboard));
    renderRoutes([{ path: '/', Component: DashboardScreen }], '/');
    expect(await screen.findByText('Licences expirant ce mois-ci')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Revenu récurrent' })).toBeNull();
  });

  it('shows the money paid before VAT first, with the amount including VAT beneath', async () => {
    await signInAs('admin');
    fetchMock.mockResolvedValue(json(200, dashboard));
    renderRoutes([{ path: '/', Component: DashboardScreen }], '/');
    const today = (await screen.findByText('Encaissé aujourd’hui (HT)')).closest('li');
    expect(today).toHaveTextContent('Encaissé aujourd’hui (HT)98,00 €117,60 € TTC');
    const month = screen.getByText('Encaissé sur 30 jours (HT)').closest('li');
    expect(month).toHaveTextContent('98,00 €117,60 € TTC');
  });
});
