import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { ForgotPasswordScreen, ResetPasswordScreen } from './password-screens';

/**
 * A forgotten password (docs/product.md 'Accounts and sessions'): the address is sent trimmed
 * and the answer never says whether an account exists; the link's token is sent with the new
 * password, a link without one says so, and each step leads back to signing in.
 */

// Each test types into a form on a screen that loads its texts on demand: on a busy two-core
// machine that takes longer than the default five seconds, never longer than this.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = mockFetch(() => json(200, { success: true }));

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => [requestUrl(input), JSON.parse(requestBody(init)) as unknown]);

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/forgot-password', Component: ForgotPasswordScreen },
      { path: '/reset-password', Component: ResetPasswordScreen },
    ],
    path,
  );

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the forgotten-password screen', () => {
  it('sends the address trimmed and says a mail left if the account exists', async () => {
    renderAt('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Adresse e-mail/));
    await user.paste('  camille@exemple.fr ');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si un compte existe à cette adresse, un e-mail vient de lui être envoyé.',
    );
    expect(posts()).toEqual([
      ['/api/v1/website/auth/password/forgot', { email: 'camille@exemple.fr' }],
    ]);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
  });

  it('shows a refused address under its field, in English', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(400, {
          success: false,
          message: 'Some fields are invalid',
          errors: { email: ['Invalid email address'] },
        }),
      ),
    );
    renderAt('/forgot-password');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgotten password' }),
    ).toBeVisible();
    await user.click(screen.getByLabelText(/^Email address/));
    await user.paste('camille@exemple');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are invalid');
    expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription(
      /Invalid email address/,
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });
});

describe('the new-password screen', () => {
  it('sends the link’s token with the new password, then offers nothing more to send', async () => {
    renderAt('/reset-password?token=jeton-du-lien');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Nouveau mot de passe/));
    await user.paste('Cadran-Horloge-2027');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Mot de passe enregistré. Connectez-vous avec le nouveau.',
    );
    expect(posts()).toEqual([
      [
        '/api/v1/website/auth/password/reset',
        { token: 'jeton-du-lien', password: 'Cadran-Horloge-2027' },
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Enregistrer le mot de passe' })).toBeDisabled();
  });

  it('says a link without its token is incomplete and sends nothing, in English', async () => {
    await i18n.changeLanguage('en');
    renderAt('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete: open the link from the email, or ask for a new one.',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    expect(posts()).toEqual([]);
  });
});
