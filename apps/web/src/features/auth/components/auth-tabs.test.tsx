import { countriesForDisplay } from '@cadran/domain/countries';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/api-client';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { AppProviders } from '@/test/render';
import { json, mockFetch } from '@/test/fetch';
import { authAnswer, clearCookies } from '../store/auth-fixtures';
import { useAuthStore } from '../store/auth-store';
import { AuthTabs } from './auth-tabs';

const fetchMock = mockFetch();
const bodyOf = (index: number): unknown =>
  JSON.parse(fetchMock.mock.calls[index]?.[1]?.body as string);

beforeAll(async () => {
  await loadNamespaces(['auth']);
});

beforeEach(() => {
  useAuthStore.setState({ user: null, token: null, status: 'anonymous', notice: null });
});

afterEach(async () => {
  // Signing out cancels the store's pending timers (recheck, notice) before the next test.
  fetchMock.mockResolvedValue(json(200, { success: true }));
  await useAuthStore.getState().logout();
  setAuthToken(null);
  clearCookies();
});

function renderTabs(props: Parameters<typeof AuthTabs>[0] = {}) {
  const user = userEvent.setup();
  render(<AuthTabs {...props} />, { wrapper: AppProviders });
  return user;
}

const openRegister = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('tab', { name: 'Créer un compte' }));
  return screen.getByRole('tabpanel', { name: 'Créer un compte' });
};

async function fillRegister(
  user: ReturnType<typeof userEvent.setup>,
  confirmation = 'Sablier-Horloge-42',
) {
  const panel = await openRegister(user);
  const field = (name: RegExp) => within(panel).getByLabelText(name);
  await user.type(field(/^Prénom/), 'Camille');
  await user.type(field(/^Nom/), 'Martin');
  await user.type(field(/^Téléphone/), '+33 6 12 34 56 78');
  await user.type(field(/^Adresse e-mail/), 'Camille@Exemple.fr');
  await user.type(field(/^Adresse \*?$/), '12 rue de la Paix');
  await user.type(field(/^Ville/), 'Paris');
  await user.type(field(/^Code postal/), '75002');
  await user.type(field(/^Mot de passe/), 'Sablier-Horloge-42');
  await user.type(field(/^Confirmation du mot de passe/), confirmation);
  return panel;
}

describe('login tab', () => {
  it('asks to fill all fields and sends nothing when one is empty', async () => {
    const user = renderTabs();
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'camille@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the login fails", async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { success: false, message: 'Email ou mot de passe incorrect' }),
    );
    const user = renderTabs();
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'camille@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'pas le bon');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect');
  });

  it('signs in with email, password and remember-me', async () => {
    fetchMock.mockResolvedValue(authAnswer());
    const onAuthenticated = vi.fn();
    const user = renderTabs({ onAuthenticated });
    await user.type(screen.getByLabelText(/^Adresse e-mail/), ' Camille@Exemple.fr ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Sablier-Horloge-42');
    await user.click(screen.getByLabelText(/Rester connecté/));
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(onAuthenticated).toHaveBeenCalled());
    expect(bodyOf(0)).toEqual({
      email: 'camille@exemple.fr',
      password: 'Sablier-Horloge-42',
      remember: true,
    });
    expect(useAuthStore.getState().status).toBe('authenticated');
  });
});

describe('register tab', () => {
  it('offers every country, sorted by name in French, France selected', async () => {
    const user = renderTabs();
    const panel = await openRegister(user);
    const country = within(panel).getByLabelText(/^Pays/);
    expect(country).toHaveValue('FR');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(countriesForDisplay('fr').map((option) => option.code));
    expect(within(country).getAllByRole('option')).toHaveLength(249);
  });

  it('keeps the button disabled until the terms are accepted', async () => {
    const user = renderTabs();
    const panel = await fillRegister(user);
    const submit = within(panel).getByRole('button', { name: 'Créer mon compte' });
    expect(submit).toBeDisabled();
    expect(
      within(panel).getByText('Acceptez les conditions d’utilisation pour créer votre compte.'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('checkbox', { name: /J’accepte les/ }));
    expect(submit).toBeEnabled();
  });

  it('refuses passwords that do not match', async () => {
    const user = renderTabs();
    const panel = await fillRegister(user, 'Autre-chose-42');
    await user.click(within(panel).getByRole('checkbox', { name: /J’accepte les/ }));
    await user.click(within(panel).getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await within(panel).findByText('Les mots de passe ne correspondent pas'),
    ).toBeInTheDocument();
    expect(within(panel).getByLabelText(/^Confirmation du mot de passe/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the registration payload and signs in', async () => {
    fetchMock.mockResolvedValue(authAnswer('Compte créé avec succès'));
    const onAuthenticated = vi.fn();
    const user = renderTabs({ onAuthenticated });
    const panel = await fillRegister(user);
    await user.selectOptions(within(panel).getByLabelText(/^Pays/), 'BE');
    await user.click(within(panel).getByRole('checkbox', { name: /J’accepte les/ }));
    await user.click(within(panel).getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(onAuthenticated).toHaveBeenCalled());
    expect(bodyOf(0)).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@exemple.fr',
      company: '',
      phone: '+33 6 12 34 56 78',
      address: '12 rue de la Paix',
      postal_code: '75002',
      city: 'Paris',
      country: 'BE',
      password: 'Sablier-Horloge-42',
    });
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', notice: 'register' });
  });

  it("puts the server's answer on the form and under the field", async () => {
    const taken = 'Un compte existe déjà avec cet e-mail';
    fetchMock.mockResolvedValueOnce(
      json(409, { success: false, message: taken, errors: { email: [taken] } }),
    );
    const user = renderTabs();
    const panel = await fillRegister(user);
    await user.click(within(panel).getByRole('checkbox', { name: /J’accepte les/ }));
    await user.click(within(panel).getByRole('button', { name: 'Créer mon compte' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(taken);
    expect(within(panel).getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription(taken);
  });
});

describe('keyboard and languages', () => {
  it('moves between tabs with the arrow keys', async () => {
    const user = renderTabs();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Se connecter' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Créer un compte' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Créer un compte' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('links the sign-in tab to the password reset of the client area, in French', () => {
    renderTabs();
    const panel = screen.getByRole('tabpanel', { name: 'Se connecter' });
    expect(within(panel).getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/client/forgot-password?lang=fr',
    );
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    const user = renderTabs();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/client/forgot-password?lang=en',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    await user.click(screen.getByRole('tab', { name: 'Create an account' }));
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeDisabled();
  });
});
