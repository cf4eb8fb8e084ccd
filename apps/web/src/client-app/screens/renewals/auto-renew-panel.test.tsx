import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { renewingLicence } from '@/test/renewal-fixtures';
import { LicenceScreen } from '../licence-screen';
import { LicencesScreen } from '../licences-screen';

const fetchMock = mockFetch();

/** The licence API as the server answers it; `stopped` flips once the owner confirms. */
function answerLicences(licence = renewingLicence()) {
  let current = licence;
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith('/auto-renew') && init?.method === 'PUT') {
      const { enabled } = JSON.parse(requestBody(init)) as { enabled: boolean };
      current = {
        ...current,
        auto_renew: { ...current.auto_renew, enabled, next_charge_at: null, next_amount: null },
      };
      return Promise.resolve(json(200, { success: true, license: current, message: 'ok' }));
    }
    if (url.endsWith('/payment-method')) {
      return Promise.resolve(json(200, { success: true, url: '/store/pay/sandbox/abc' }));
    }
    if (url.includes('/api/v1/website/licenses')) {
      return Promise.resolve(json(200, { success: true, licenses: [current] }));
    }
    if (url.includes('/templates')) {
      return Promise.resolve(json(200, { success: true, data: { templates: [] } }));
    }
    return Promise.resolve(json(404, { success: false, message: 'Introuvable' }));
  });
}

const routes = [
  { path: '/licences', Component: LicencesScreen },
  { path: '/licences/:licenceId', Component: LicenceScreen },
];

describe('automatic renewal in the client area', () => {
  it('shows the method on file, the next charge and the state of the renewal', async () => {
    answerLicences();
    renderRoutes(routes, '/licences/lic-1');
    const panel = await screen.findByRole('region', { name: 'Renouvellement automatique' });
    expect(within(panel).getByText('Activé')).toBeVisible();
    expect(within(panel).getByText(/Carte · Visa •••• 4242/)).toBeVisible();
    expect(within(panel).getByText('Expire fin 04/2030')).toBeVisible();
    expect(within(panel).getByText(/58,80 € TTC le 24 décembre 2026/)).toBeVisible();
  });

  it('stops the renewal from the list in two clicks, saying the licence runs to its term', async () => {
    answerLicences();
    const user = userEvent.setup();
    renderRoutes(routes, '/licences');
    expect(
      await screen.findByText(/Renouvellement automatique : 58,80 € TTC le 24 décembre 2026/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Résilier le renouvellement' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Votre licence reste valable jusqu’au 27 décembre 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la résiliation' }));

    expect(await screen.findByText('Renouvellement automatique désactivé')).toBeVisible();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(requestUrl(put?.[0])).toBe('/api/v1/website/licenses/lic-1/auto-renew');
    expect(JSON.parse(requestBody(put?.[1]))).toEqual({ enabled: false });
    expect(screen.queryByRole('button', { name: 'Résilier le renouvellement' })).toBeNull();
  });

  it('offers to turn the renewal back on when a method is on file', async () => {
    answerLicences(
      renewingLicence({
        auto_renew: {
          enabled: false,
          method: { type: 'sepa_debit', label: 'IBAN ···3000', expires: null },
          next_charge_at: null,
          next_amount: null,
        },
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/licences/lic-1');
    const panel = await screen.findByRole('region', { name: 'Renouvellement automatique' });
    expect(within(panel).getByText('Désactivé')).toBeVisible();
    expect(within(panel).getByText(/Prélèvement SEPA · IBAN ···3000/)).toBeVisible();
    await user.click(
      within(panel).getByRole('button', { name: 'Réactiver le renouvellement automatique' }),
    );
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Le renouvellement automatique est réactivé.',
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(requestBody(put?.[1]))).toEqual({ enabled: true });
  });
});
