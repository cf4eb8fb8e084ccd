import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../../test-staff';
import { RenewalsScreen } from './renewals-screen';

const item = (overrides: Record<string, unknown> = {}) => ({
  license_id: '0b7c1e7a-2f4d-4c1a-9e3b-5a6d7c8e9f01',
  customer_email: 'alice@exemple.fr',
  template_name: 'Professionnel',
  billing_cycle: 'monthly',
  next_charge_at: '2026-12-24T10:00:00.000Z',
  amount: 5880,
  method_label: 'Visa •••• 4242',
  dunning_stage: 0,
  last_error: null,
  ...overrides,
});

const fetchMock = mockFetch();

function answerStaffApi() {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith('/renewals/run')) {
      const body = JSON.parse(requestBody(init)) as { as_of?: string };
      if (body.as_of?.startsWith('1999')) {
        return Promise.resolve(
          json(400, {
            success: false,
            message: 'La date de simulation est refusée en production.',
          }),
        );
      }
      return Promise.resolve(json(200, { success: true, charged: 2, failed: 1, skipped: 0 }));
    }
    if (url.endsWith('/renewals')) {
      return Promise.resolve(
        json(200, {
          success: true,
          upcoming: [item()],
          failing: [
            item({
              license_id: '0b7c1e7a-2f4d-4c1a-9e3b-5a6d7c8e9f02',
              customer_email: 'bob@exemple.fr',
              method_label: 'Visa •••• 0341',
              dunning_stage: 2,
              last_error: 'Carte refusée',
            }),
          ],
          stopped: [],
        }),
      );
    }
    return Promise.resolve(json(404, { success: false, message: 'Introuvable' }));
  });
}

describe('the renewals screen', () => {
  it('lists upcoming, failing (with the failed charges and the error) and stopped renewals', async () => {
    await signInAs('support');
    answerStaffApi();
    renderRoutes([{ path: '/renewals', Component: RenewalsScreen }], '/renewals');

    const failing = await screen.findByRole('table', { name: 'Renouvellements en échec' });
    const row = within(failing).getByRole('row', { name: /bob@exemple\.fr/ });
    expect(row).toHaveTextContent('2 échecs');
    expect(row).toHaveTextContent('Carte refusée');
    const upcoming = screen.getByRole('table', { name: 'Renouvellements à venir sur 30 jours' });
    expect(within(upcoming).getByRole('row', { name: /alice@exemple\.fr/ })).toHaveTextContent(
      '58,80 €',
    );
    expect(screen.getByText('Aucun renouvellement arrêté.')).toBeVisible();
    // Support staff read the lists; running the renewals is for administrators.
    expect(screen.queryByRole('button', { name: 'Lancer les renouvellements' })).toBeNull();
  });

  it('runs the renewals as of a chosen instant and says what came of it', async () => {
    await signInAs('admin');
    answerStaffApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/renewals', Component: RenewalsScreen }], '/renewals');

    const asOf = await screen.findByLabelText('Comme si nous étions le (facultatif)');
    await user.type(asOf, '2027-01-27T09:00');
    await user.click(screen.getByRole('button', { name: 'Lancer les renouvellements' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Renouvellements lancés : 2 débités, 1 en échec, 0 ignoré.',
    );
    const run = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('/run'));
    const sent = JSON.parse(requestBody(run?.[1])) as { as_of: string };
    expect(new Date(sent.as_of).getTime()).toBe(new Date('2027-01-27T09:00').getTime());
  });

  it('shows the refusal of a date the server does not accept', async () => {
    await signInAs('admin');
    answerStaffApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/renewals', Component: RenewalsScreen }], '/renewals');
    await user.type(
      await screen.findByLabelText('Comme si nous étions le (facultatif)'),
      '1999-01-01T09:00',
    );
    await user.click(screen.getByRole('button', { name: 'Lancer les renouvellements' }));
    expect(
      await screen.findByText('La date de simulation est refusée en production.'),
    ).toBeVisible();
  });
});
