import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { PAYMENT_METHODS_PATH } from '../api/get-payment-methods';
import { PaymentMethodFields } from './payment-method-fields';

/**
 * The checkout's payment methods as the server offers them (docs/product.md 'Checkout' ('The
 * form')): when they cannot be read, the specification's message says so, in the reader's
 * language, and a button reads them again.
 */

const fetchMock = mockFetch();

const offered = (transfer: boolean) =>
  json(200, {
    success: true,
    payment_methods: [
      { id: 'stripe', name: 'Carte bancaire', description: 'Visa', enabled: true, fees: 0 },
      { id: 'paypal', name: 'PayPal', description: 'PayPal', enabled: true, fees: 0 },
      { id: 'bank_transfer', name: 'Virement', description: 'IBAN', enabled: transfer, fees: 0 },
    ],
  });

/** The server fails once, then answers the list without the transfer. */
function failOnceThenOffer() {
  let calls = 0;
  fetchMock.mockImplementation((input) => {
    if (requestUrl(input) !== PAYMENT_METHODS_PATH)
      throw new Error(`unexpected ${requestUrl(input)}`);
    calls += 1;
    return Promise.resolve(
      calls <= 2 ? json(503, { success: false, message: 'Service indisponible' }) : offered(false),
    );
  });
}

function renderFields() {
  renderRoutes([
    {
      path: '/',
      Component: () => <PaymentMethodFields value="stripe" errors={{}} onChange={vi.fn()} />,
    },
  ]);
  return userEvent.setup();
}

beforeAll(async () => {
  await loadNamespaces(['checkout']);
});

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('payment methods that could not be read', () => {
  it('say « Erreur lors de la récupération des méthodes de paiement », then show what the server offers once read again', async () => {
    failOnceThenOffer();
    const user = renderFields();
    const alert = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Erreur lors de la récupération des méthodes de paiement');
    // Meanwhile the buyer still sees the three methods.
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await user.click(
      within(alert).getByRole('button', { name: 'Charger à nouveau les moyens de paiement' }),
    );
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    expect(
      screen.queryByText('Erreur lors de la récupération des méthodes de paiement'),
    ).toBeNull();
    expect(screen.queryByRole('radio', { name: /Virement/ })).toBeNull();
  });

  it('say “Error while retrieving payment methods” to an English reader', async () => {
    await i18n.changeLanguage('en');
    await loadNamespaces(['checkout']);
    failOnceThenOffer();
    renderFields();
    const alert = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Error while retrieving payment methods');
    expect(
      within(alert).getByRole('button', { name: 'Load the payment methods again' }),
    ).toBeVisible();
  });
});
