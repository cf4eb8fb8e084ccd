import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { sampleOrder } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { OrderScreen } from './order-screen';

/**
 * Cancelling an order that the server refuses to cancel (docs/product.md 'Messages in both
 * languages'): the dialog names the failure in the specification's words, with the server's
 * reason under it, and the order stays as it was.
 */

const fetchMock = mockFetch();

function refuseCancellation(reason: string) {
  fetchMock.mockImplementation((input, init) => {
    if (requestUrl(input).endsWith('/cancel') && init?.method === 'POST')
      return Promise.resolve(json(409, { success: false, message: reason }));
    return Promise.resolve(json(200, { success: true, order: sampleOrder() }));
  });
}

async function cancelFromScreen(button: string, confirm: string) {
  renderRoutes(
    [{ path: '/orders/:orderRef', Component: OrderScreen }],
    `/orders/${sampleOrder().id}`,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  return dialog;
}

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('an order whose cancellation fails', () => {
  it('says « Erreur lors de l’annulation de la commande » with the reason, in French', async () => {
    refuseCancellation('Cette commande ne peut plus être annulée');
    const dialog = await cancelFromScreen('Annuler la commande', 'Oui, annuler la commande');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors de l’annulation de la commande');
    expect(alert).toHaveTextContent('Cette commande ne peut plus être annulée');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => requestUrl(input))).toEqual([
      `/api/v1/website/orders/${sampleOrder().id}/cancel`,
    ]);
  });

  it('says “Error while cancelling the order” with the reason, in English', async () => {
    await i18n.changeLanguage('en');
    refuseCancellation('This order can no longer be cancelled');
    const dialog = await cancelFromScreen('Cancel the order', 'Yes, cancel the order');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error while cancelling the order');
    expect(alert).toHaveTextContent('This order can no longer be cancelled');
  });
});
