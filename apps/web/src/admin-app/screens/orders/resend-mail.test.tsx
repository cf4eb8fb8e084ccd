import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../../test-staff';
import { OrderDetailScreen } from './order-detail';
import { staffOrderAnswer } from './order-fixture';

const ORDER_ID = '6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81';
let order = staffOrderAnswer();
const fetchMock = mockFetch();
beforeEach(() => {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      requestUrl(input).endsWith('/resend-mail')
        ? json(200, { success: true, message: 'E-mail renvoyé à camille@exemple.fr' })
        : json(200, order),
    ),
  );
});

const open = async () => {
  await signInAs('support');
  renderRoutes([{ path: '/orders/:id', Component: OrderDetailScreen }], `/orders/${ORDER_ID}`);
  await screen.findByRole('heading', { name: /CAD-2026-0042/ });
};

afterEach(async () => {
  order = staffOrderAnswer();
  await setLanguage('fr');
});

describe('sending an order e-mail again from the order page', () => {
  it('sends a paid order’s confirmation again after asking, and says it left', async () => {
    const user = userEvent.setup();
    await open();
    const mails = screen.getByRole('region', { name: 'E-mails de la commande' });
    expect(within(mails).queryByRole('button', { name: /virement/ })).toBeNull();
    await user.click(within(mails).getByRole('button', { name: 'Renvoyer la confirmation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Renvoyer la confirmation de la commande CAD-2026-0042 ?');
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(await within(mails).findByRole('status')).toHaveTextContent(
      'E-mail renvoyé à camille@exemple.fr',
    );
    const posted = fetchMock.mock.calls.find(([input]) =>
      requestUrl(input).endsWith('/resend-mail'),
    );
    expect(requestUrl(posted?.[0])).toBe(`/api/v1/admin/orders/${ORDER_ID}/resend-mail`);
    expect(JSON.parse(requestBody(posted?.[1]))).toEqual({ mail: 'confirmation' });
  });

  it('offers the bank details while a transfer is awaited, in English too', async () => {
    order = staffOrderAnswer({
      status: 'pending',
      payment_status: 'unpaid',
      payment_method: 'bank_transfer',
    });
    await setLanguage('en');
    await open();
    const mails = screen.getByRole('region', { name: 'Order emails' });
    expect(
      within(mails).getByRole('button', { name: 'Send the bank details again' }),
    ).toBeVisible();
    expect(within(mails).queryByRole('button', { name: /confirmation/ })).toBeNull();
  });

  it('says when there is nothing to send again', async () => {
    order = staffOrderAnswer({ status: 'cancelled', payment_status: 'unpaid' });
    await open();
    expect(screen.getByRole('region', { name: 'E-mails de la commande' })).toHaveTextContent(
      'Aucun e-mail à renvoyer pour une commande dans cet état.',
    );
  });
});
