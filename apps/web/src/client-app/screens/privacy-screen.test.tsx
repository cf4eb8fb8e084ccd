import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { AccountDeletedScreen } from './account-deleted-screen';
import { PrivacyScreen } from './privacy-screen';

/**
 * Export and deletion (docs/product.md 'Accounts and sessions' ('Export and deletion')): the
 * export is a download of the account's file; deleting waits for the password and the box
 * ticked, then the request goes once, this browser signs out, and the deletion ends on a screen
 * that says it is done. A wrong password deletes nothing and keeps the visitor signed in.
 */

// Each test types into a form on a screen that loads its texts on demand: on a busy two-core
// machine that takes longer than the default five seconds, never longer than this.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = mockFetch();

function renderPrivacy() {
  useAuthStore.setState({ status: 'authenticated' });
  renderRoutes(
    [
      { path: '/privacy', Component: PrivacyScreen },
      { path: '/account-deleted', Component: AccountDeletedScreen },
    ],
    '/privacy',
  );
}

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

async function deleteFromScreen(labels: { password: RegExp; understood: RegExp; delete: string }) {
  fetchMock.mockImplementation(() => Promise.resolve(json(200, { success: true, message: 'ok' })));
  renderPrivacy();
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

describe('exporting the data', () => {
  it('downloads the account’s file, in French and English', async () => {
    renderPrivacy();
    const french = await screen.findByRole('link', { name: 'Télécharger mes données' });
    expect(french).toHaveAttribute('href', '/api/v1/website/account/export');
    expect(french).toHaveAttribute('download');
    expect(screen.getByText(/profil, commandes, factures, licences, sessions/)).toBeVisible();

    await i18n.changeLanguage('en');
    expect(await screen.findByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/api/v1/website/account/export',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  });
});

describe('a deletion not asked for in full', () => {
  it('keeps the button off until the password is typed and the box ticked', async () => {
    renderPrivacy();
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', {
      name: 'Supprimer définitivement mon compte',
    });
    expect(remove).toBeDisabled();
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Cadran-Sablier-2026');
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /suppression est définitive/ }));
    expect(remove).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /suppression est définitive/ }));
    expect(remove).toBeDisabled();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('says a wrong password on its field, in English, and stays signed in', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(403, {
          success: false,
          message: 'Incorrect password',
          errors: { password: ['Incorrect password'] },
        }),
      ),
    );
    renderPrivacy();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'not-the-one');
    await user.click(screen.getByRole('checkbox', { name: /deletion is final/ }));
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password');
    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      /Incorrect password/,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    expect(useAuthStore.getState().status).toBe('authenticated');
  });
});
