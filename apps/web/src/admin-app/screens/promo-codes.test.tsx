import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../test-staff';
import { PromoCodesScreen } from './promo-codes';

const template = (id: number, name_fr: string, name_en: string) => ({
  id,
  name_fr,
  name_en,
  description_fr: '',
  description_en: '',
  features_fr: [],
  features_en: [],
  price: 19000,
  setup_fee: 0,
  renewal_price: 19000,
  billing_cycle: 'annually',
  domain_limit: 1,
  installation_limit: 1,
  update_permissions: true,
  featured: false,
  published: true,
  sort_order: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const TEMPLATES = [template(1, 'Starter', 'Starter'), template(2, 'Agence', 'Agency')];
const CODE = {
  id: 7,
  code: 'AGENCE20',
  discount: { type: 'percentage', percent: 20 },
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  template_ids: [2],
  billing_cycles: ['annually'],
  active: true,
  uses: 0,
  created_at: '2026-11-24T10:00:00.000Z',
};

const fetchMock = mockFetch();

function answerStaffApi() {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    if (url.endsWith('/templates')) {
      return Promise.resolve(json(200, { success: true, items: TEMPLATES, total: 2 }));
    }
    if (url.endsWith('/promo-codes/7') && method === 'PATCH') {
      const change = JSON.parse(requestBody(init)) as Record<string, unknown>;
      return Promise.resolve(json(200, { success: true, data: { ...CODE, ...change } }));
    }
    if (url.endsWith('/promo-codes') && method === 'POST') {
      return Promise.resolve(json(201, { success: true, data: CODE }));
    }
    if (url.endsWith('/promo-codes')) {
      return Promise.resolve(json(200, { success: true, data: [CODE] }));
    }
    return Promise.resolve(json(404, { success: false, message: 'Ressource introuvable' }));
  });
}

describe('the promo codes screen', () => {
  it('restricts a new code to the templates and cycles ticked, and lists what each applies to', async () => {
    await signInAs('admin');
    answerStaffApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/promo-codes', Component: PromoCodesScreen }], '/promo-codes');

    // The list says what the existing code applies to.
    const row = await screen.findByRole('row', { name: /AGENCE20/ });
    expect(within(row).getByText('Agence (Annuel), Annuel')).toBeVisible();

    await user.type(screen.getByLabelText('Code'), 'agence20');
    await user.type(screen.getByLabelText('Pourcentage (%)'), '20');
    const templates = screen.getByRole('group', { name: 'Modèles concernés' });
    await user.click(await within(templates).findByRole('checkbox', { name: 'Agence (Annuel)' }));
    const cycles = screen.getByRole('group', { name: 'Cycles concernés' });
    await user.click(within(cycles).getByRole('checkbox', { name: 'Annuel' }));
    await user.click(screen.getByRole('button', { name: 'Créer le code' }));

    const posted = fetchMock.mock.calls.find(
      ([input, init]) => requestUrl(input).endsWith('/promo-codes') && init?.method === 'POST',
    );
    expect(JSON.parse(requestBody(posted?.[1]))).toMatchObject({
      code: 'agence20',
      discount: { type: 'percentage', percent: 20 },
      template_ids: [2],
      billing_cycles: ['annually'],
    });
    expect(await screen.findByText('Code créé.')).toBeVisible();
    // The form is empty again, nothing ticked.
    expect(within(templates).getByRole('checkbox', { name: 'Agence (Annuel)' })).not.toBeChecked();
  });

  it('switches a code off, and changes its end and its limit', async () => {
    await signInAs('admin');
    answerStaffApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/promo-codes', Component: PromoCodesScreen }], '/promo-codes');
    const row = await screen.findByRole('row', { name: /AGENCE20/ });
    expect(within(row).getByText('Actif')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Désactiver AGENCE20' }));
    const patches = () =>
      fetchMock.mock.calls
        .filter(
          ([input, init]) =>
            requestUrl(input).endsWith('/promo-codes/7') && init?.method === 'PATCH',
        )
        .map(([, init]) => JSON.parse(requestBody(init)) as unknown);
    expect(patches()).toEqual([{ active: false }]);
    expect(await screen.findByText('Code AGENCE20 enregistré.')).toBeVisible();

    await user.click(within(row).getByText('Fin et limite'));
    const form = within(row).getByRole('form', {
      name: 'Modifier la fin et la limite de AGENCE20',
    });
    await user.type(within(form).getByLabelText('Fin'), '2027-01-31');
    await user.type(within(form).getByLabelText('Utilisations au total'), '40');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(patches()[1]).toEqual({
      // The end of 31 January in Paris (UTC+1 in winter), whatever the browser's zone.
      ends_at: '2027-01-31T22:59:59.999Z',
      max_uses: 40,
    });
  });
});
