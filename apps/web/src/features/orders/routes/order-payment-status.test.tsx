import type { Order } from '@cadran/domain/orders';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { json, mockFetch } from '@/test/fetch';
import { billingAddress, sampleOrder } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { OrderSuccessPage } from './order-success-page';

const base = sampleOrder({
  payment_method: 'stripe',
  billing_address: billingAddress({ company: '' }),
});

const fetchMock = mockFetch();

beforeAll(async () => {
  await loadNamespaces(['orders']);
});
afterEach(() => vi.unstubAllGlobals());

const renderSuccess = () =>
  renderRoutes(
    [
      {
        path: '/store/order/success/:orderNumber',
        element: <OrderSuccessPage sessionStatus="authenticated" />,
      },
    ],
    '/store/order/success/CAD-2026-7KQ4M9XZ',
  );

/** Answers by path: the order (as `orders` says, in turn) and the payment status (likewise). */
function serve(orders: Order[], statuses: Array<Record<string, unknown>>) {
  let o = 0;
  let s = 0;
  fetchMock.mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/payment-status')) {
      const answer = statuses[Math.min(s, statuses.length - 1)];
      s += 1;
      return Promise.resolve(json(200, { success: true, ...answer }));
    }
    const order = orders[Math.min(o, orders.length - 1)];
    o += 1;
    return Promise.resolve(json(200, { success: true, order }));
  });
}

describe('order success page: payment status', () => {
  it('shows the bank details and the order number as reference, without polling', async () => {
    serve(
      [
        {
          ...base,
          payment_method: 'bank_transfer',
          bank_transfer: {
            holder: 'Cadran SAS',
            iban: 'FR76 3000 6000 0112 3456 7890 189',
            bic: 'AGRIFRPP',
            reference: 'CAD-2026-7KQ4M9XZ',
          },
        },
      ],
      [],
    );
    renderSuccess();
    const section = await screen.findByRole('region', { name: 'Coordonnées pour votre virement' });
    for (const text of [
      'Cadran SAS',
      'FR76 3000 6000 0112 3456 7890 189',
      'AGRIFRPP',
      '588,00 €',
    ]) {
      expect(within(section).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(section).getAllByText('CAD-2026-7KQ4M9XZ', { exact: false }).length,
    ).toBeGreaterThan(0);
    expect(
      fetchMock.mock.calls.some(
        ([url]) => typeof url === 'string' && url.endsWith('/payment-status'),
      ),
    ).toBe(false);
  });

  it('polls while a card payment settles, then shows the confirmation and the licence count', async () => {
    const paid: Order = { ...base, status: 'completed', payment_status: 'paid' };
    serve(
      [base, paid],
      [
        { status: 'pending', payment_status: 'unpaid', license_count: 0 },
        { status: 'completed', payment_status: 'paid', license_count: 2 },
      ],
    );
    renderSuccess();
    expect(await screen.findByText('Paiement en cours de confirmation…')).toBeInTheDocument();
    expect(
      await screen.findByText(/2 licences ont été émises/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The order is read again, so its labels follow the payment.
    const details = screen.getByRole('region', { name: 'Détails de la commande' });
    expect(await within(details).findByText('Terminée')).toBeInTheDocument();
    expect(within(details).getByText('Payée')).toBeInTheDocument();
  });

  it('says the payment could not be checked when its status cannot be read', async () => {
    fetchMock.mockImplementation((input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return Promise.resolve(
        url.endsWith('/payment-status')
          ? json(503, { success: false, message: 'Service indisponible' })
          : json(200, { success: true, order: base }),
      );
    });
    renderSuccess();
    expect(
      await screen.findByText('Erreur lors de la vérification du paiement', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('reads the licence count once for an order already paid', async () => {
    serve(
      [{ ...base, status: 'completed', payment_status: 'paid' }],
      [{ status: 'completed', payment_status: 'paid', license_count: 1 }],
    );
    renderSuccess();
    expect(await screen.findByText(/1 licence a été émise/)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(
        ([url]) => typeof url === 'string' && url.endsWith('/payment-status'),
      ),
    ).toHaveLength(1);
  });

  it('names the renewed licence and its new expiry instead of a licence count', async () => {
    serve(
      [{ ...base, status: 'completed', payment_status: 'paid' }],
      [
        {
          status: 'completed',
          payment_status: 'paid',
          license_count: 0,
          renewed_license: { license_key: 'CAD-AAAA-BBBB', expires_at: '2027-11-24T10:00:00.000Z' },
        },
      ],
    );
    renderSuccess();
    expect(
      await screen.findByText(
        /Votre licence CAD-AAAA-BBBB est renouvelée jusqu’au 24 novembre 2027/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/0 licence/)).not.toBeInTheDocument();
  });
});
