import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { SupportEmailContext } from '@/lib/support-email';
import type { SessionStatus } from '@/lib/session-status';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { billingAddress, sampleOrder } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { FailureOrder } from '../components/failure-order';
import { FailureResume } from '../components/failure-resume';
import { OrderFailurePage, failureDetail } from './order-failure-page';
import { OrderSuccessPage } from './order-success-page';

const order = sampleOrder({
  subtotal: '1000.00',
  tax_amount: '200.00',
  total: '1200.00',
  items: [
    {
      id: '0b9e4d2c-7a1f-4e8b-b3c6-5f2a9d1e8c47',
      template: {
        id: 2,
        name: 'Pro',
        description: 'Pour les sites exigeants.',
        domain_limit: 3,
        installation_limit: 3,
        update_permissions: 1,
      },
      quantity: 2,
      unit_price: '500.00',
      total_price: '1000.00',
      customizations: {
        primary_domain: 'atelier-martin.fr',
        additional_domains_list: ['boutique.atelier-martin.fr'],
        extra_domains: 1,
        extra_installations: 0,
      },
    },
  ],
  billing_address: billingAddress({ vat_number: 'FR12345678901' }),
});

const fetchMock = mockFetch();

beforeAll(async () => {
  await loadNamespaces(['orders']);
});

const renderSuccess = (path: string, sessionStatus: SessionStatus = 'authenticated') =>
  renderRoutes(
    [
      {
        path: '/store/order/success/:orderNumber?',
        element: <OrderSuccessPage sessionStatus={sessionStatus} />,
      },
    ],
    path,
  );

describe('order success page', () => {
  it('loads the order by number and shows all of it', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, order }));
    renderSuccess('/store/order/success/CAD-2026-7KQ4M9XZ');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de votre commande…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Merci pour votre commande\u202f!' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/website/orders/number/CAD-2026-7KQ4M9XZ');

    const details = screen.getByRole('region', { name: 'Détails de la commande' });
    expect(within(details).getByText('CAD-2026-7KQ4M9XZ')).toBeInTheDocument();
    expect(within(details).getByText('1er novembre 2026')).toBeInTheDocument();
    expect(within(details).getByText('En attente')).toBeInTheDocument();
    expect(within(details).getByText('Virement bancaire')).toBeInTheDocument();
    expect(within(details).getByText('1 200,00 €')).toBeInTheDocument();

    const items = screen.getByRole('region', { name: 'Licences commandées' });
    for (const text of [
      'Pro',
      'Pour les sites exigeants.',
      '3 domaines',
      '3 installations',
      'Mises à jour incluses',
      'Domaine principal : atelier-martin.fr',
      'Autres domaines : boutique.atelier-martin.fr',
      '500,00 €',
    ]) {
      expect(within(items).getByText(text)).toBeInTheDocument();
    }
    expect(within(items).getByText('TVA (20 %)')).toBeInTheDocument();
    expect(
      screen.getByText(/Indiquez le numéro de commande CAD-2026-7KQ4M9XZ/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Et maintenant\u202f?' })).toBeInTheDocument();
    expect(screen.getByText('FR12345678901', { exact: false })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Accéder à l’espace client' })).toHaveAttribute(
      'href',
      '/client',
    );
    expect(screen.getByRole('link', { name: 'Voir les autres licences' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(
      screen.getByRole('link', { name: 'Une question\u202f? Contactez-nous' }),
    ).toHaveAttribute('href', '/contact');
  });

  it('promises no invoice before the payment, and links the PDF once it is issued', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, order }));
    const { unmount } = renderSuccess('/store/order/success/CAD-2026-7KQ4M9XZ');
    expect(
      await screen.findByText(/votre facture est émise dès le paiement confirmé/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Télécharger la facture/ })).not.toBeInTheDocument();
    unmount();

    const invoice = {
      number: 'FA-2026-00012',
      issued_at: '2026-11-01T10:05:00.000Z',
      url: `/api/v1/website/orders/${order.id}/invoice`,
    };
    const paid = { ...order, status: 'completed', payment_status: 'paid', invoice };
    fetchMock.mockResolvedValue(json(200, { success: true, order: paid }));
    renderSuccess('/store/order/success/CAD-2026-7KQ4M9XZ');
    const link = await screen.findByRole('link', {
      name: 'Télécharger la facture FA-2026-00012 (PDF)',
    });
    expect(link).toHaveAttribute('href', invoice.url);
    expect(
      screen.getByText(/Votre facture FA-2026-00012 est jointe à l’e-mail de confirmation/),
    ).toBeInTheDocument();
  });

  it('prints with the print button', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, order }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderSuccess('/store/order/success/CAD-2026-7KQ4M9XZ');
    await userEvent.click(await screen.findByRole('button', { name: 'Imprimer le récapitulatif' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shows the server's 'Commande non trouvée' with a way back to pricing", async () => {
    fetchMock.mockResolvedValueOnce(json(404, { success: false, message: 'Commande non trouvée' }));
    renderSuccess('/store/order/success/CAD-2026-ZZZZZZZZ');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Impossible d’afficher cette commande',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Commande non trouvée');
    expect(screen.getByRole('link', { name: 'Voir les autres licences' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('falls back to the lookup error text when the server says nothing', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSuccess('/store/order/success/CAD-2026-7KQ4M9XZ');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Erreur lors de la récupération de la commande',
    );
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('gives the not-found text without a number, and asks anonymous visitors to sign in', async () => {
    renderSuccess('/store/order/success');
    expect(await screen.findByRole('alert')).toHaveTextContent('Commande non trouvée');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks anonymous visitors to sign in, without a doomed call', async () => {
    renderSuccess('/store/order/success/CAD-2026-7KQ4M9XZ', 'anonymous');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Connectez-vous/);
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      // The client area's sign-in, which brings the visitor back here.
      expect.stringMatching(/^\/client\/sign-in\?next=/),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('order failure page', () => {
  const renderFailure = (path: string, onResume = vi.fn()) => {
    renderRoutes(
      [
        {
          path: '/store/order/failure',
          // The address the server is set with, as the page it draws hands it over.
          element: (
            <SupportEmailContext value="aide@horlogerie.example">
              <OrderFailurePage
                renderOrder={(orderNumber) => (
                  <FailureOrder orderNumber={orderNumber} sessionStatus="unknown" />
                )}
                resume={<FailureResume onResume={onResume} />}
              />
            </SupportEmailContext>
          ),
        },
      ],
      path,
    );
    return { onResume };
  };

  it('lists reasons, four things to do, links and the support address', async () => {
    renderFailure('/store/order/failure');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Échec du paiement' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Causes possibles' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(
      within(screen.getByRole('region', { name: 'Que faire\u202f?' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    for (const [name, href] of [
      ['Reprendre la commande', '/store/checkout'],
      ['Voir le panier', '/store/cart'],
      ['Contacter le support', '/contact'],
      ['aide@horlogerie.example', 'mailto:aide@horlogerie.example'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByText(/Du lundi au vendredi, de 9 h à 18 h/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the last order back in the cart as either way back is followed', async () => {
    const { onResume } = renderFailure('/store/order/failure');
    const user = userEvent.setup();
    // The links load another page; the test stays on this one.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    try {
      await user.click(await screen.findByRole('link', { name: 'Reprendre la commande' }));
      await user.click(screen.getByRole('link', { name: 'Voir le panier' }));
    } finally {
      document.removeEventListener('click', stay);
    }
    expect(onResume).toHaveBeenCalledTimes(2);
  });

  it('names the order without reading it while the session is unknown, as the server draws it', async () => {
    renderFailure('/store/order/failure?order=CAD-2026-7KQ4M9XZ');
    const region = await screen.findByRole('region', { name: 'Commande CAD-2026-7KQ4M9XZ' });
    expect(region).toHaveTextContent('Connectez-vous avec le compte de la commande');
    expect(screen.queryByRole('link', { name: 'Reprendre la commande' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the sentence of a known failure code', async () => {
    renderFailure('/store/order/failure?error=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La session de paiement a expiré avant d’être réglée',
    );
  });

  it('never shows the text of the address: an unknown code gets the generic sentence', async () => {
    renderFailure(
      `/store/order/failure?error=${encodeURIComponent('Appelez le 0899 FAKE-4242 <img src=x>')}`,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Le paiement n’a pas abouti\.$/);
    expect(document.body).not.toHaveTextContent(/0899|FAKE/);
    expect(alert.querySelector('img')).toBeNull();
  });

  it('reads the code against its list only', () => {
    expect(failureDetail(null, 'fr', 'generic')).toBeNull();
    expect(failureDetail('  ', 'fr', 'generic')).toBeNull();
    expect(failureDetail('refused', 'en', 'generic')).toBe(
      'Payment refused by your bank or the payment provider',
    );
    expect(failureDetail('constructor', 'en', 'generic')).toBe('generic');
  });

  describe('with the order number', () => {
    const declined = sampleOrder({
      status: 'failed',
      payment_status: 'failed',
      payment_method: 'stripe',
      total: '588.00',
      payment_url: null,
    });
    const path = `/store/order/failure?order=${declined.order_number}&error=declined`;
    const renderWithOrder = (goToPayment = vi.fn()) => {
      renderRoutes(
        [
          {
            path: '/store/order/failure',
            element: (
              <OrderFailurePage
                renderOrder={(orderNumber) => (
                  <FailureOrder
                    orderNumber={orderNumber}
                    sessionStatus="authenticated"
                    goToPayment={goToPayment}
                  />
                )}
                resume={<FailureResume />}
              />
            ),
          },
        ],
        path,
      );
      return { goToPayment, user: userEvent.setup() };
    };
    const retryButton = () => screen.findByRole('button', { name: 'Réessayer le paiement' });

    it('shows the order number and pays again on that same order', async () => {
      fetchMock.mockResolvedValueOnce(json(200, { success: true, order: declined }));
      fetchMock.mockResolvedValueOnce(
        json(201, {
          success: true,
          order: { ...declined, status: 'pending', payment_status: 'pending' },
          payment_url: '/store/pay/sandbox/0b9e4d2c-7a1f-4e8b-b3c6-5f2a9d1e8c47',
          message: 'Nouvelle tentative de paiement ouverte pour cette commande',
        }),
      );
      const { goToPayment, user } = renderWithOrder();
      expect(
        await screen.findByText(/Le paiement de 588,00 € peut être relancé/),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('region', { name: `Commande ${declined.order_number}` }),
      ).toBeInTheDocument();
      // The way back to a new order is not offered: it would buy twice.
      expect(screen.queryByRole('link', { name: 'Reprendre la commande' })).toBeNull();
      await user.click(await retryButton());
      await vi.waitFor(() =>
        expect(goToPayment).toHaveBeenCalledWith(
          '/store/pay/sandbox/0b9e4d2c-7a1f-4e8b-b3c6-5f2a9d1e8c47',
        ),
      );
      expect(fetchMock.mock.calls[1]?.[0]).toBe(`/api/v1/website/orders/${declined.id}/payments`);
      expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    });

    it('goes back to the attempt still open instead of opening another', async () => {
      fetchMock.mockResolvedValueOnce(
        json(200, {
          success: true,
          order: {
            ...declined,
            status: 'pending',
            payment_status: 'unpaid',
            payment_url: 'https://checkout.stripe.test/c/pay/cs_1',
          },
        }),
      );
      const { goToPayment, user } = renderWithOrder();
      await user.click(await retryButton());
      expect(goToPayment).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1');
      // No new attempt was asked for (whatever else the page may read meanwhile).
      expect(
        fetchMock.mock.calls.filter(([url]) =>
          requestUrl(url).endsWith(`/orders/${declined.id}/payments`),
        ),
      ).toEqual([]);
    });

    it('says why when the order can no longer be paid again', async () => {
      fetchMock.mockResolvedValueOnce(json(200, { success: true, order: declined }));
      fetchMock.mockResolvedValueOnce(
        json(409, {
          success: false,
          message: 'Cette commande ne peut pas être payée à nouveau',
        }),
      );
      fetchMock.mockResolvedValueOnce(json(200, { success: true, order: declined }));
      const { goToPayment, user } = renderWithOrder();
      await user.click(await retryButton());
      expect(
        await screen.findByText('Cette commande ne peut pas être payée à nouveau'),
      ).toBeInTheDocument();
      expect(goToPayment).not.toHaveBeenCalled();
      expect(await retryButton()).toBeEnabled();
    });

    it('shows a paid order’s number without a retry button', async () => {
      fetchMock.mockResolvedValueOnce(
        json(200, {
          success: true,
          order: { ...declined, status: 'completed', payment_status: 'paid' },
        }),
      );
      renderWithOrder();
      expect(
        await screen.findByText(/Cette commande ne peut plus être payée en ligne/),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Réessayer le paiement' })).toBeNull();
    });
  });
});
