import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { sessionUser } from '@/test/account-fixtures';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { sampleOrder } from '@/test/order-fixtures';
import { quoteAnswer, type QuotedTemplate } from '@/test/quote-server';
import { everyPaymentMethod, isPaymentMethodsRequest } from '@/test/payment-methods-server';
import { renderRoutes } from '@/test/render';
import { checkoutLine } from '../utils/checkout-fixtures';
import { CheckoutPage } from './checkout-page';

const QUOTE = '/api/v1/website/quote';
const monthly = new Map<number, QuotedTemplate>([
  [2, { priceCents: 4_900, setupFeeCents: 0, renewalPriceCents: 4_900, billingCycle: 'monthly' }],
]);

const fetchMock = mockFetch();

/** The quote as the server prices it, with the first charge date once renewal is asked. */
beforeEach(() => {
  fetchMock.mockImplementation(async (url, init) => {
    if (isPaymentMethodsRequest(requestUrl(url))) return everyPaymentMethod();
    if (requestUrl(url) !== QUOTE) {
      return json(201, { success: true, order: sampleOrder(), payment_url: null, message: 'ok' });
    }
    const answer = quoteAnswer(requestBody(init), monthly);
    const asked = (JSON.parse(requestBody(init)) as { auto_renew?: boolean }).auto_renew === true;
    if (!asked) return answer;
    const body = (await answer.json()) as { quote: Record<string, unknown> };
    return json(200, {
      success: true,
      quote: { ...body.quote, auto_renew: true, next_charge_at: '2026-12-21T10:00:00.000Z' },
    });
  });
});

beforeAll(async () => {
  await loadNamespaces(['checkout', 'auth', 'renewals']);
});

function renderCheckout() {
  renderRoutes(
    [
      {
        path: '/store/checkout',
        element: (
          <CheckoutPage
            lines={[checkoutLine()]}
            sessionStatus="authenticated"
            user={sessionUser()}
            renderAuthPanel={() => null}
            connectedAs={null}
            onCustomizationsChange={vi.fn()}
            clearCart={vi.fn()}
            subscribeNewsletter={vi.fn(() => Promise.resolve())}
            onSessionLost={vi.fn()}
            goToPayment={vi.fn()}
          />
        ),
      },
      { path: '/store/order/success/:orderNumber', element: <h1>Commande confirmée</h1> },
    ],
    '/store/checkout',
  );
  return userEvent.setup();
}

const consent = () => screen.findByRole('checkbox', { name: 'Renouveler automatiquement' });
const orderBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => requestUrl(url) !== QUOTE && !isPaymentMethodsRequest(requestUrl(url)))
    .map(([, init]) => JSON.parse(requestBody(init)) as Record<string, unknown>);

describe('consent to automatic renewal at checkout', () => {
  it('is never ticked, and states the amount, the cycle, the first charge and how to stop', async () => {
    const user = renderCheckout();
    const box = await consent();
    expect(box).not.toBeChecked();
    const terms = document.getElementById('checkout-auto-renew-terms')!;
    expect(box).toHaveAttribute('aria-describedby', 'checkout-auto-renew-terms');
    expect(terms).toHaveTextContent('Nous débiterons 58,80 € TTC chaque mois');
    expect(terms).toHaveTextContent('Résilier le renouvellement');

    await user.click(box);
    expect(
      await within(terms).findByText(/Premier prélèvement automatique le 21 décembre 2026/),
    ).toBeVisible();
  });

  it('sends auto_renew with the order only when ticked', async () => {
    const user = renderCheckout();
    await user.click(await consent());
    await user.type(screen.getByRole('textbox', { name: /^Domaine principal/ }), 'exemple.fr');
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    expect(await screen.findByRole('heading', { name: 'Commande confirmée' })).toBeVisible();
    expect(orderBodies()[0]).toMatchObject({ auto_renew: true, payment_method: 'stripe' });
  });

  it('is not offered with a bank transfer, which keeps the reminders', async () => {
    const user = renderCheckout();
    await user.click(await consent());
    await user.click(screen.getByRole('radio', { name: /Virement bancaire/ }));
    expect(screen.queryByRole('checkbox', { name: 'Renouveler automatiquement' })).toBeNull();
    expect(screen.getByText(/Le virement bancaire ne permet pas le renouvellement/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Domaine principal/ }), 'exemple.fr');
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    await vi.waitFor(() => expect(orderBodies()).toHaveLength(1));
    expect(orderBodies()[0]).not.toHaveProperty('auto_renew');
  });
});
