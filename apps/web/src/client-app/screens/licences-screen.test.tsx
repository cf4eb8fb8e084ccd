import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { renewingLicence } from '@/test/renewal-fixtures';
import type { RenewingLicence } from '@/lib/renewals/schemas';
import { LicenceScreen } from './licence-screen';
import { LicencesScreen } from './licences-screen';

/**
 * The client area's licences (docs/product.md 'Client area'): counts written as plurals, a
 * licence without domains says so, and renewing by hand shows the server's amount with its VAT
 * before sending the owner to pay.
 */

const fetchMock = mockFetch();
const OFF = { enabled: false, method: null, next_charge_at: null, next_amount: null };

const quote = {
  lines: [],
  subtotal: '49.00',
  discount: '0.00',
  taxable: '49.00',
  tax: '9.80',
  tax_rate: '20.00',
  reverse_charge: false,
  total: '58.80',
};

function serve(licences: RenewingLicence[]) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith('/renew/quote')) return Promise.resolve(json(200, { success: true, quote }));
    if (url.endsWith('/renew') && init?.method === 'POST') {
      return Promise.resolve(
        json(201, {
          success: true,
          order: { id: '7b0c7a4e-3c1f-4d8a-9a57-2d7a1e6f0b99' },
          payment_url: '/store/pay/sandbox/renewal',
          message: 'ok',
        }),
      );
    }
    if (url.includes('/api/v1/website/licenses')) {
      return Promise.resolve(json(200, { success: true, licenses: licences }));
    }
    return Promise.resolve(json(200, { success: true, data: { templates: [] } }));
  });
}

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the licence list', () => {
  it('counts installations and domains as plurals, in French', async () => {
    serve([
      renewingLicence({ id: 'one', active_instances: 1, installation_limit: 1, domains: ['a.fr'] }),
      renewingLicence({
        id: 'many',
        key: 'CDRN-EEEE',
        active_instances: 3,
        installation_limit: 5,
        domains: ['a.fr', 'b.fr', 'c.fr'],
      }),
      renewingLicence({ id: 'none', key: 'CDRN-FFFF', active_instances: 0, domains: [] }),
    ]);
    renderRoutes([{ path: '/licences', Component: LicencesScreen }], '/licences');
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1 installation sur 1 · 1 domaine');
    expect(items[1]).toHaveTextContent('3 installations sur 5 · 3 domaines');
    expect(items[2]).toHaveTextContent('0 installation sur 1 · Aucun domaine');
  });

  it('counts them as plurals in English too', async () => {
    await i18n.changeLanguage('en');
    serve([
      renewingLicence({ active_instances: 1, installation_limit: 1, domains: ['a.fr'] }),
      renewingLicence({
        id: 'b',
        key: 'K2',
        active_instances: 2,
        installation_limit: 3,
        domains: ['a.fr', 'b.fr'],
      }),
    ]);
    renderRoutes([{ path: '/licences', Component: LicencesScreen }], '/licences');
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1 installation in use out of 1 · 1 domain');
    expect(items[1]).toHaveTextContent('2 installations in use out of 3 · 2 domains');
  });
});

describe('a licence’s page', () => {
  it('says when no domain is recorded yet, and how many the licence covers', async () => {
    serve([renewingLicence({ domains: [], domain_limit: 3, auto_renew: OFF })]);
    renderRoutes([{ path: '/licences/:licenceId', Component: LicenceScreen }], '/licences/lic-1');
    const panel = (await screen.findByText('Domaines')).closest('section')!;
    expect(panel).toHaveTextContent('Cette licence couvre jusqu’à 3 domaines.');
    expect(
      within(panel).getByText(
        'Aucun domaine n’est enregistré pour cette licence : ajoutez-en un ci-dessous.',
      ),
    ).toBeVisible();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Ajouter un domaine' }));
    expect(within(panel).getByRole('textbox')).toBeVisible();
  });

  it('shows the renewal’s amount with VAT from the server’s quote before any order is placed', async () => {
    serve([renewingLicence({ auto_renew: OFF })]);
    renderRoutes([{ path: '/licences/:licenceId', Component: LicenceScreen }], '/licences/lic-1');
    const amount = await screen.findByTestId('renewal-amount');
    expect(amount.textContent).toMatch(/58,80\s€ TTC \(49,00\s€ HT et 9,80\s€ de TVA à 20\s%\)/u);
    const quoteCalls = fetchMock.mock.calls.filter(([input]) =>
      requestUrl(input).endsWith('/api/v1/website/licenses/lic-1/renew/quote'),
    );
    expect(quoteCalls.length).toBeGreaterThanOrEqual(1);
    // Reading the price places nothing.
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toEqual([]);
  });
});
