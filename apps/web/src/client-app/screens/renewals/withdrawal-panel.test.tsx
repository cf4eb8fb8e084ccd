import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { sampleOrder } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { OrderScreen } from '../order-screen';

const fetchMock = mockFetch();
const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();

function answer(withdrawal: { available_until: string; requested_at: string | null } | null) {
  let current = withdrawal && {
    ...withdrawal,
    state: withdrawal.requested_at ? 'requested' : 'open',
    possible: !withdrawal.requested_at,
  };
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith('/withdrawal') && init?.method === 'POST') {
      const requestedAt = '2026-11-27T15:00:00.000Z';
      current = {
        available_until: current?.available_until ?? inTenDays,
        requested_at: requestedAt,
        state: 'requested',
        possible: false,
      };
      return Promise.resolve(
        json(201, {
          success: true,
          withdrawal: current,
          message: 'Rétractation enregistrée',
        }),
      );
    }
    const order = sampleOrder({ status: 'completed', payment_status: 'paid' });
    return Promise.resolve(json(200, { success: true, order: { ...order, withdrawal: current } }));
  });
}

function renderOrder() {
  renderRoutes(
    [{ path: '/orders/:orderRef', Component: OrderScreen }],
    `/orders/${sampleOrder().id}`,
  );
  return userEvent.setup();
}

describe('withdrawal from a consumer order', () => {
  it('takes two steps, a button that names it and a confirmation, then says it is recorded', async () => {
    answer({ available_until: inTenDays, requested_at: null });
    const user = renderOrder();
    const panel = await screen.findByRole('region', { name: 'Rétractation' });
    await user.click(within(panel).getByRole('button', { name: 'Se rétracter du contrat' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).endsWith('/withdrawal'))).toBe(
      false,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la rétractation' }));
    expect(await screen.findByText('Rétractation enregistrée')).toBeVisible();
    const post = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('/withdrawal'));
    expect(requestUrl(post?.[0])).toBe(`/api/v1/website/orders/${sampleOrder().id}/withdrawal`);
  });

  it('is not offered once the period is over, nor on an order without it', async () => {
    answer({ available_until: '2026-01-01T00:00:00.000Z', requested_at: null });
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: /^Commande CAD-/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Se rétracter du contrat' })).toBeNull();
  });
});
