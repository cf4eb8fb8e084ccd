import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { MethodSetupScreen } from './method-setup-screen';

const LICENCE = '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const SETUP = '3b8f0a5e-1c2d-4e6f-8a9b-0c1d2e3f4a5b';
const fetchMock = mockFetch();

const setup = (status: 'open' | 'completed') => ({
  id: SETUP,
  status,
  license_id: LICENCE,
  license_key: 'CAD-7KQ4-M9XZ-2B8D',
  current_method: { type: 'card', label: 'Visa •••• 0341', expires: '2029-11' },
});

beforeAll(async () => {
  await loadNamespaces(['renewals', 'client']);
});

function serve(status: 'open' | 'completed', decision = json(200, {})) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith(`/payment-methods/sandbox/${SETUP}`)) {
      return Promise.resolve(
        init?.method === 'POST' ? decision : json(200, { success: true, setup: setup(status) }),
      );
    }
    return Promise.resolve(json(404, { success: false, message: 'Introuvable' }));
  });
  return renderRoutes(
    [
      { path: '/licences/:licenceId/payment-method/:setupId', Component: MethodSetupScreen },
      { path: '/licences/:licenceId', element: <h1>Licence</h1> },
    ],
    `/licences/${LICENCE}/payment-method/${SETUP}`,
  );
}

const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(requestBody(init)) as unknown);

describe('the sandbox page where a licence saves a new payment method', () => {
  it('says it is a test, shows the method on file, saves the card typed and goes back to the licence', async () => {
    serve(
      'open',
      json(200, {
        success: true,
        setup: {
          ...setup('completed'),
          current_method: { type: 'card', label: 'Visa •••• 4242', expires: null },
        },
        saved: true,
        message: 'Le nouveau moyen de paiement est enregistré',
        redirect_url: `/client/licences/${LICENCE}`,
      }),
    );
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nouveau moyen de paiement' }),
    ).toBeVisible();
    expect(await screen.findByText(/CAD-7KQ4-M9XZ-2B8D/)).toBeVisible();
    expect(screen.getByText('Page de test')).toBeVisible();
    expect(screen.getByText(/Visa •••• 0341/)).toBeVisible();
    const card = screen.getByLabelText('Numéro de carte de test');
    expect(card).toHaveValue('4242424242424242');
    await user.clear(card);
    await user.type(card, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Enregistrer ce moyen de paiement' }));
    expect(await screen.findByRole('heading', { name: 'Licence' })).toBeVisible();
    expect(posted()).toEqual([{ decision: 'pay', card_number: '4242424242424242' }]);
  });

  it('keeps the page and shows the refusal of a card the bank would not save', async () => {
    serve(
      'open',
      json(422, {
        success: false,
        message: 'Paiement refusé par la banque (simulation de l’environnement de test)',
      }),
    );
    const user = userEvent.setup();
    const card = await screen.findByLabelText('Numéro de carte de test');
    await user.clear(card);
    await user.type(card, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Enregistrer ce moyen de paiement' }));
    expect(await screen.findByText(/Paiement refusé par la banque/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Garder le moyen actuel' })).toBeEnabled();
  });

  it('says a completed setup is done, with no form', async () => {
    serve('completed');
    expect(await screen.findByText('Ce moyen de paiement est déjà enregistré.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enregistrer ce moyen de paiement' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à la licence' })).toHaveAttribute(
      'href',
      `/licences/${LICENCE}`,
    );
  });
});
