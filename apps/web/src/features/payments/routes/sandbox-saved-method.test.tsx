import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { json, mockFetch, requestBody } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { SandboxPaymentPage } from './sandbox-payment-page';

const PAYMENT_ID = '3b8f0a5e-1c2d-4e6f-8a9b-0c1d2e3f4a5b';

const payment = (autoRenew: boolean) => ({
  id: PAYMENT_ID,
  status: 'pending',
  method: 'stripe',
  order_number: 'CAD-2026-7KQ4M9XZ',
  amount: '58.80',
  currency: 'EUR',
  auto_renew: autoRenew,
});

const fetchMock = mockFetch();

beforeAll(async () => {
  await loadNamespaces(['payments', 'renewals']);
});

function serve(autoRenew: boolean) {
  fetchMock.mockResolvedValueOnce(json(200, { success: true, payment: payment(autoRenew) }));
  fetchMock.mockResolvedValueOnce(
    json(200, {
      success: true,
      payment: { ...payment(autoRenew), status: 'succeeded' },
      redirect_url: '/store/order/success/CAD-2026-7KQ4M9XZ',
    }),
  );
  return renderRoutes(
    [
      {
        path: '/store/pay/sandbox/:paymentId',
        element: <SandboxPaymentPage sessionStatus="authenticated" />,
      },
      { path: '/store/order/success/:orderNumber', element: <h1>Succès</h1> },
    ],
    `/store/pay/sandbox/${PAYMENT_ID}`,
  );
}

const sentBody = () => JSON.parse(requestBody(fetchMock.mock.calls[1]?.[1])) as unknown;

describe('the sandbox page of a payment that saves its method', () => {
  it('offers the always-accepted test card, and sends the number typed', async () => {
    serve(true);
    const user = userEvent.setup();
    const card = await screen.findByLabelText('Numéro de carte de test');
    expect(card).toHaveValue('4242424242424242');
    await user.clear(card);
    await user.type(card, '4000 0000 0000 0341');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('heading', { name: 'Succès' })).toBeVisible();
    expect(sentBody()).toEqual({ decision: 'pay', card_number: '4000000000000341' });
  });

  it('takes a test IBAN for a SEPA Direct Debit', async () => {
    serve(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'IBAN (prélèvement SEPA)' }));
    expect(screen.getByLabelText('IBAN de test')).toHaveValue('DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('heading', { name: 'Succès' })).toBeVisible();
    expect(sentBody()).toEqual({ decision: 'pay', iban: 'DE89370400440532013000' });
  });

  it('sends nothing more for a payment that saves nothing, unless the tester types a number', async () => {
    serve(false);
    const user = userEvent.setup();
    expect(await screen.findByRole('group', { name: 'Moyen de paiement de test' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('heading', { name: 'Succès' })).toBeVisible();
    expect(sentBody()).toEqual({ decision: 'pay' });
  });

  it('sends the number the tester typed, even when the payment saves nothing', async () => {
    serve(false);
    const user = userEvent.setup();
    const card = await screen.findByLabelText('Numéro de carte de test');
    await user.clear(card);
    await user.type(card, '4000000000000341');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('heading', { name: 'Succès' })).toBeVisible();
    expect(sentBody()).toEqual({ decision: 'pay', card_number: '4000000000000341' });
  });
});
