import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { i18n } from '@/lib/i18n';
import { sessionUser } from '@/test/account-fixtures';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { orderSummary } from '@/test/order-fixtures';
import { renderRoutes } from '@/test/render';
import { renewingLicence } from '@/test/renewal-fixtures';
import { DashboardScreen } from './dashboard-screen';

/**
 * The dashboard (docs/product.md 'Client area'): pending payments linking their order, licences
 * ending within 30 days, the five latest orders.
 */

const fetchMock = mockFetch();
const DAY = 86_400_000;

const order = orderSummary;

function serve(orders: unknown[], licences: unknown[]) {
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (url.startsWith('/api/v1/website/orders')) {
      return Promise.resolve(
        json(200, { success: true, orders, total: orders.length, page: 1, page_size: 20 }),
      );
    }
    return Promise.resolve(json(200, { success: true, licenses: licences }));
  });
}

beforeEach(() => {
  useAuthStore.setState({ user: sessionUser(), status: 'authenticated' });
});

afterEach(async () => {
  useAuthStore.setState({ user: null, status: 'unknown' });
  await i18n.changeLanguage('fr');
});

describe('the client area’s dashboard', () => {
  it('greets the account, lists the orders to pay and the licences ending soon, and the five latest orders', async () => {
    const soon = new Date(Date.now() + 10 * DAY).toISOString();
    const later = new Date(Date.now() + 200 * DAY).toISOString();
    serve(
      [
        order(1, { status: 'pending', payment_status: 'unpaid', total: '588.00' }),
        ...[2, 3, 4, 5, 6, 7].map((n) => order(n)),
      ],
      [
        renewingLicence({
          id: 'soon',
          template: { id: 2, name: 'Bientôt', billing_cycle: 'monthly' },
          expires_at: soon,
        }),
        renewingLicence({
          id: 'later',
          template: { id: 2, name: 'Plus tard', billing_cycle: 'monthly' },
          expires_at: later,
        }),
      ],
    );
    renderRoutes([{ path: '/', Component: DashboardScreen }], '/');
    expect(
      await screen.findByText(
        `Bonjour ${sessionUser().firstName}, voici l’essentiel de votre compte.`,
      ),
    ).toBeVisible();

    // Each section shows its heading while its list is still on the way: wait for the rows.
    const pending = (await screen.findByText('Paiements en attente')).closest('section')!;
    expect(await within(pending).findByText('CAD-2026-ABCDEF01')).toBeVisible();
    expect(within(pending).getByRole('link', { name: 'Voir et payer' })).toHaveAttribute(
      'href',
      `/orders/${order(1).id}`,
    );

    const expiring = screen.getByText('Licences bientôt à renouveler').closest('section')!;
    expect(await within(expiring).findByRole('link', { name: 'Bientôt' })).toHaveAttribute(
      'href',
      '/licences/soon',
    );
    expect(within(expiring).queryByText('Plus tard')).toBeNull();

    const recent = await screen.findByRole('table', { name: 'Commandes récentes' });
    expect(within(recent).getAllByRole('row').slice(1)).toHaveLength(5);
  });

  it('says there is nothing to pay and nothing ending, in English', async () => {
    await i18n.changeLanguage('en');
    serve([order(1)], []);
    renderRoutes([{ path: '/', Component: DashboardScreen }], '/');
    expect(await screen.findByText('No payment pending.')).toBeVisible();
    expect(await screen.findByText('No licence ends within 30 days.')).toBeVisible();
  });
});
