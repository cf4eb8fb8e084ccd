import type { SandboxPayment } from '@cadran/domain/payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import type { SessionStatus } from '@/lib/session-status';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { SandboxPaymentPage } from './sandbox-payment-page';

const PAYMENT_ID = '3b8f0a5e-1c2d-4e6f-8a9b-0c1d2e3f4a5b';

const payment: SandboxPayment = {
  id: PAYMENT_ID,
  status: 'pending',
  method: 'stripe',
  order_number: 'CAD-2026-7KQ4M9XZ',
  amount: '588.00',
  currency: 'EUR',
  auto_renew: false,
};

const fetchMock = mockFetch();

beforeAll(async () => {
  await loadNamespaces(['payments']);
});

function renderPage(sessionStatus: SessionStatus = 'authenticated') {
  return renderRoutes(
    [
      {
        path: '/store/pay/sandbox/:paymentId',
        element: <SandboxPaymentPage sessionStatus={sessionStatus} />,
      },
      { path: '/store/order/success/:orderNumber', element: <h1>Succès</h1> },
      { path: '/store/order/failure', element: <h1>Échec</h1> },
    ],
    `/store/pay/sandbox/${PAYMENT_ID}`,
  );
}

/** The page loads the payment; the server then applies the decision and names the next page. */
function serveDecision(status: SandboxPayment['status'], redirectUrl: string) {
  fetchMock.mockResolvedValueOnce(json(200, { success: true, payment }));
  fetchMock.mockResolvedValueOnce(
    json(200, { success: true, payment: { ...payment, status }, redirect_url: redirectUrl }),
  );
}

describe('sandbox payment page', () => {
  it('says it is a test, shows the order and amount, and pays through the server', async () => {
    serveDecision('succeeded', '/store/order/success/CAD-2026-7KQ4M9XZ');
    const { router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement de test' })).toBeInTheDocument();
    expect(await screen.findByText('CAD-2026-7KQ4M9XZ')).toBeInTheDocument();
    expect(screen.getByText('588,00 €')).toBeInTheDocument();
    expect(screen.getByText('Carte bancaire')).toBeInTheDocument();
    expect(screen.getByText(/Mode test/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('heading', { name: 'Succès' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/store/order/success/CAD-2026-7KQ4M9XZ');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe(`/api/v1/website/payments/sandbox/${PAYMENT_ID}`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ decision: 'pay' }));
  });

  it('declines and follows the server to the failure page with its error detail', async () => {
    serveDecision('failed', '/store/order/failure?error=Paiement%20refus%C3%A9');
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refuser' }));
    expect(await screen.findByRole('heading', { name: 'Échec' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=Paiement%20refus%C3%A9');
  });

  it('keeps the buttons and shows the server message when the decision fails', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, payment }));
    fetchMock.mockResolvedValueOnce(
      json(403, { success: false, message: 'Requête refusée : origine non autorisée' }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Requête refusée');
    expect(screen.getByRole('button', { name: 'Payer' })).toBeEnabled();
  });

  it('offers no buttons for a payment already settled', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { success: true, payment: { ...payment, status: 'succeeded' } }),
    );
    renderPage();
    expect(await screen.findByText('Ce paiement a déjà été traité')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la commande' })).toHaveAttribute(
      'href',
      '/store/order/success/CAD-2026-7KQ4M9XZ',
    );
  });

  it('says when the payment is not found, and asks the signed-out to sign in without a call', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { success: false, message: 'Paiement introuvable' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce paiement n’existe pas ou n’appartient pas à votre compte.',
    );

    fetchMock.mockClear();
    renderPage('anonymous');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      // The client area's sign-in, which brings the visitor back here.
      expect.stringMatching(/^\/client\/sign-in\?next=/),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
