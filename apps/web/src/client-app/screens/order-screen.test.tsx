import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@cadran/domain/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { berlinDelivery, sampleOrder } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { OrderScreen } from './order-screen';

/**
 * An order's page in the client area (docs/product.md 'Client area'): a declined card order is
 * paid again on the same order, by card, PayPal or a bank transfer, or cancelled; a paid order
 * offers none of that.
 */

const fetchMock = mockFetch();
const ORDER_URL = `/api/v1/website/orders/${sampleOrder().id}`;

const failedCard = (overrides: Partial<Order> = {}) =>
  sampleOrder({
    status: 'failed',
    payment_status: 'failed',
    payment_method: 'stripe',
    payment_url: null,
    ...overrides,
  });

/** Answers the order's reads with `current()`, and a retry with `retried`. */
function serve(current: () => Order, retried: (method: unknown) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url === `${ORDER_URL}/payments` && init?.method === 'POST') {
      const body = JSON.parse(requestBody(init) || '{}') as { payment_method?: unknown };
      return Promise.resolve(retried(body.payment_method));
    }
    return Promise.resolve(json(200, { success: true, order: current() }));
  });
}

function renderOrder(goToPayment = vi.fn<(url: string) => void>()) {
  renderRoutes(
    [{ path: '/orders/:orderRef', element: <OrderScreen goToPayment={goToPayment} /> }],
    `/orders/${sampleOrder().id}`,
  );
  return goToPayment;
}

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => [requestUrl(input), requestBody(init)]);

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the order page of a failed card order', () => {
  it('offers the card again, PayPal, a bank transfer and cancelling, and explains why', async () => {
    serve(failedCard, () => json(500, {}));
    renderOrder();
    const panel = (await screen.findByRole('button', { name: 'Payer par PayPal' })).closest(
      'section',
    )!;
    expect(within(panel).getByRole('heading')).toHaveTextContent('Que faire maintenant ?');
    expect(panel).toHaveTextContent('Le paiement n’a pas abouti.');
    const buttons = within(panel)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual([
      'Payer par carte bancaire',
      'Payer par PayPal',
      'Payer par virement bancaire',
      'Annuler la commande',
    ]);
  });

  it.each([
    [
      'fr',
      'Payer par PayPal',
      ['Payer par carte bancaire', 'Payer par PayPal', 'Annuler la commande'],
    ],
    ['en', 'Pay with PayPal', ['Pay by credit card', 'Pay with PayPal', 'Cancel the order']],
  ] as const)(
    'offers no bank transfer on an order that renews its licence automatically (%s)',
    async (language, paypal, expected) => {
      await i18n.changeLanguage(language);
      serve(
        () => failedCard({ auto_renew: true }),
        () => json(500, {}),
      );
      renderOrder();
      const panel = (await screen.findByRole('button', { name: paypal })).closest('section')!;
      const buttons = within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent);
      expect(buttons).toEqual(expected);
    },
  );

  it('pays it by PayPal on the same order and goes to the payment page', async () => {
    serve(failedCard, (method) =>
      method === 'paypal'
        ? json(201, {
            success: true,
            order: failedCard({ status: 'pending', payment_status: 'pending' }),
            payment_url: '/store/pay/sandbox/abc',
            message: 'ok',
          })
        : json(409, { success: false, message: 'wrong method' }),
    );
    const goToPayment = renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Payer par PayPal' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledWith('/store/pay/sandbox/abc'));
    expect(posts()).toEqual([[`${ORDER_URL}/payments`, '{"payment_method":"paypal"}']]);
  });

  it('switches it to a bank transfer: no payment page, the bank details shown, in English', async () => {
    await i18n.changeLanguage('en');
    let current = failedCard();
    const transfer = failedCard({
      status: 'pending',
      payment_status: 'unpaid',
      payment_method: 'bank_transfer',
      bank_transfer: {
        holder: 'Cadran SAS',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
        reference: sampleOrder().order_number,
      },
    });
    serve(
      () => current,
      (method) => {
        if (method !== 'bank_transfer') return json(409, { success: false, message: 'no' });
        current = transfer;
        return json(201, { success: true, order: transfer, payment_url: null, message: 'ok' });
      },
    );
    const goToPayment = renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    expect(await screen.findByText(/This order is now paid by bank transfer/)).toBeInTheDocument();
    expect(await screen.findByText('FR76 3000 6000 0112 3456 7890 189')).toBeInTheDocument();
    expect(goToPayment).not.toHaveBeenCalled();
    // Waiting for the transfer, it is no longer paid online; it can still be cancelled.
    const panel = screen.getByText('What now?').closest('section')!;
    expect(within(panel).queryByRole('button', { name: /^Pay (by|with)/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Cancel the order' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a switch and reads the order again', async () => {
    serve(failedCard, () =>
      json(409, { success: false, message: 'Cette commande ne peut pas être payée à nouveau' }),
    );
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Payer par PayPal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cette commande ne peut pas être payée à nouveau',
    );
    const reads = fetchMock.mock.calls.filter(([, init]) => init?.method !== 'POST');
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the order page of other orders', () => {
  it('offers nothing to do on a paid order', async () => {
    serve(
      () => sampleOrder({ status: 'completed', payment_status: 'paid', payment_method: 'stripe' }),
      () => json(500, {}),
    );
    renderOrder();
    expect(await screen.findByRole('heading', { name: /CAD-2026-7KQ4M9XZ/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Que faire maintenant ?' })).toBeNull();
  });
});

describe('the addresses of an order', () => {
  const delivered = () => sampleOrder({ delivery_address: berlinDelivery() });

  it.each([
    ['fr', 'Adresse de livraison', 'Allemagne'],
    ['en', 'Delivery address', 'Germany'],
  ] as const)(
    'shows where the licences are delivered when it is not the billing address (%s)',
    async (language, title, germany) => {
      await i18n.changeLanguage(language);
      serve(delivered, () => json(500, {}));
      renderOrder();
      const section = await screen.findByRole('region', { name: title });
      for (const line of ['Weber Uhren GmbH', 'Unter den Linden 5', '10117 Berlin', germany]) {
        expect(within(section).getByText(line)).toBeInTheDocument();
      }
    },
  );

  it('shows no delivery address when the licences go to the billing address', async () => {
    serve(
      () => sampleOrder({ delivery_address: null }),
      () => json(500, {}),
    );
    renderOrder();
    expect(await screen.findByRole('region', { name: 'Adresse de facturation' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Adresse de livraison' })).not.toBeInTheDocument();
  });
});

describe('the history of an order whose payment method was switched', () => {
  it.each([
    // The text matcher reads the no-break space before the colon as a space.
    ['fr', 'Historique', 'Moyen de paiement changé : Carte bancaire → Virement bancaire'],
    ['en', 'History', 'Payment method changed: Credit card → Bank transfer'],
  ] as const)(
    'says which method it was and which it became (%s)',
    async (language, title, text) => {
      await i18n.changeLanguage(language);
      const switched = () =>
        sampleOrder({
          payment_method: 'bank_transfer',
          events: [
            {
              at: '2026-11-20T10:00:00.000Z',
              from: 'pending',
              to: 'failed',
              payment_status: 'failed',
              reason: 'payment failed: card declined (stripe evt_1)',
            },
            {
              at: '2026-11-20T10:05:00.000Z',
              from: 'failed',
              to: 'failed',
              payment_status: 'failed',
              reason: 'payment method changed from stripe to bank_transfer',
            },
          ],
        });
      serve(switched, () => json(500, {}));
      renderOrder();
      const history = await screen.findByRole('region', { name: title });
      expect(within(history).getByText(text)).toBeInTheDocument();
      expect(history).not.toHaveTextContent('bank_transfer');
    },
  );
});
