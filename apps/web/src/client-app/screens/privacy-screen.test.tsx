import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { AccountDeletedScreen } from './account-deleted-screen';
import { PrivacyScreen } from './privacy-screen';

/**
 * Deleting the account (docs/product.md 'Accounts and sessions' ('Export and deletion')): with
 * the password and the box ticked, the request goes once, this browser signs out, and the
 * deletion ends on a screen that says it is done.
 */

const fetchMock = mockFetch();

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

async function deleteFromScreen(labels: { password: RegExp; understood: RegExp; delete: string }) {
  fetchMock.mockImplementation(() => Promise.resolve(json(200, { success: true, message: 'ok' })));
  useAuthStore.setState({ status: 'authenticated' });
  renderRoutes(
    [
      { path: '/privacy', Component: PrivacyScreen },
      { path: '/account-deleted', Component: AccountDeletedScreen },
    ],
    '/privacy',
  );
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(labels.password), 'Cadran-Sablier-2026');
  await user.click(screen.getByRole('checkbox', { name: labels.understood }));
  await user.click(screen.getByRole('button', { name: labels.delete }));
}

describe('deleting the account', () => {
  it('ends on the confirmation screen, signed out, in French', async () => {
    await deleteFromScreen({
      password: /^Mot de passe actuel/,
      understood: /suppression est définitive/,
      delete: 'Supprimer définitivement mon compte',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Votre compte est supprimé' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Un accusé de suppression vient de partir/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => requestUrl(input))).toContain('/api/v1/website/account/delete');
    expect(useAuthStore.getState().status).toBe('anonymous');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    await deleteFromScreen({
      password: /^Current password/,
      understood: /deletion is final/,
      delete: 'Delete my account for good',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/en/',
    );
  });
});
