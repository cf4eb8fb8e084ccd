import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { licenseTemplate } from '@/test/catalog-fixtures';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { sampleOrder } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { renewingLicence } from '@/test/renewal-fixtures';
import { LicenceScreen } from '../licence-screen';

const TEMPLATES = [
  licenseTemplate({ id: 2, name: 'Professionnel', billing_cycle: 'monthly' }),
  licenseTemplate({ id: 3, name: 'Agence', billing_cycle: 'monthly', renewal_price: '99.00' }),
  licenseTemplate({ id: 1, name: 'Starter', billing_cycle: 'monthly', renewal_price: '19.00' }),
  licenseTemplate({ id: 9, name: 'À vie', billing_cycle: 'one_time' }),
];

const quote = (
  effective: 'now' | 'next_renewal',
  subtotal: string,
  tax: string,
  total: string,
) => ({
  lines: [],
  subtotal,
  discount: '0.00',
  taxable: subtotal,
  tax,
  tax_rate: '20.00',
  reverse_charge: false,
  total,
  effective,
});

const fetchMock = mockFetch();

function answer(licence = renewingLicence()) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const body = init?.body ? (JSON.parse(requestBody(init)) as { template_id: number }) : null;
    const upgrade = body?.template_id === 3;
    if (url.endsWith('/change-plan/quote')) {
      return Promise.resolve(
        json(200, {
          success: true,
          quote: upgrade
            ? quote('now', '41.29', '8.26', '49.55')
            : quote('next_renewal', '19.00', '3.80', '22.80'),
        }),
      );
    }
    if (url.endsWith('/change-plan')) {
      return Promise.resolve(
        upgrade
          ? json(201, { success: true, order: sampleOrder(), payment_url: null, message: 'ok' })
          : json(200, {
              success: true,
              license: {
                ...licence,
                pending_plan_change: {
                  template_id: 1,
                  template_name: 'Starter',
                  billing_cycle: 'monthly',
                  effective_at: licence.expires_at,
                },
              },
            }),
      );
    }
    if (url.includes('/templates')) {
      return Promise.resolve(json(200, { success: true, templates: TEMPLATES }));
    }
    if (url.includes('/licenses')) {
      return Promise.resolve(json(200, { success: true, licenses: [licence] }));
    }
    return Promise.resolve(json(404, { success: false, message: 'Introuvable' }));
  });
}

function renderLicence() {
  renderRoutes(
    [
      { path: '/licences/:licenceId', Component: LicenceScreen },
      { path: '/orders/:orderRef', element: <h1>Commande</h1> },
    ],
    '/licences/lic-1',
  );
  return userEvent.setup();
}

describe('changing plan from the client area', () => {
  it('offers the other plans that renew, quotes an upgrade with its VAT and pays it as an order', async () => {
    answer();
    const user = renderLicence();
    const panel = await screen.findByRole('region', { name: 'Changer de formule' });
    const select = within(panel).getByRole('combobox', { name: 'Nouvelle formule' });
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).queryByRole('option', { name: /À vie/ })).toBeNull();
    expect(within(select).queryByRole('option', { name: /^Professionnel/ })).toBeNull();

    await user.selectOptions(select, '3');
    expect(await within(panel).findByText('49,55 €')).toBeVisible();
    expect(within(panel).getByText('Différence au prorata (HT)')).toBeVisible();
    expect(within(panel).getByText('8,26 €')).toBeVisible();
    expect(within(panel).getByText(/jusqu’à l’échéance du 27 décembre 2026/)).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Confirmer et payer' }));
    expect(await screen.findByRole('heading', { name: 'Commande' })).toBeVisible();
    const sent = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('/change-plan'));
    expect(JSON.parse(requestBody(sent?.[1]))).toEqual({
      template_id: 3,
      billing_cycle: 'monthly',
      payment_method: 'stripe',
    });
  });

  it('schedules a downgrade for the next renewal, with nothing to pay today', async () => {
    answer();
    const user = renderLicence();
    const panel = await screen.findByRole('region', { name: 'Changer de formule' });
    const select = within(panel).getByRole('combobox', { name: 'Nouvelle formule' });
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, '1');
    expect(await within(panel).findByText(/rien à payer aujourd’hui/)).toBeVisible();
    expect(within(panel).queryByRole('combobox', { name: 'Moyen de paiement' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Confirmer le changement' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'il s’appliquera au prochain renouvellement',
    );
  });
});
