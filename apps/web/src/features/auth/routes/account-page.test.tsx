import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '@/lib/api-client';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { apiUser, clearCookies, setSessionHint } from '../store/auth-fixtures';
import { useAuthStore } from '../store/auth-store';
import { AccountPage } from './account-page';

const fetchMock = mockFetch();
const renderAccount = () =>
  renderRoutes([{ path: '/account', Component: AccountPage }], '/account');

beforeEach(() => {
  useAuthStore.setState({ user: null, token: null, status: 'unknown', notice: null });
});

afterEach(async () => {
  fetchMock.mockResolvedValue(json(200, { success: true }));
  await useAuthStore.getState().logout();
  setAuthToken(null);
  clearCookies();
});

describe('/account page', () => {
  it('offers the login and register tabs to a visitor', async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Mon compte Cadran');
    expect(await screen.findByRole('tab', { name: 'Se connecter' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Créer un compte' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mon compte · Cadran'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows who is connected, the client area and a logout that returns to the tabs', async () => {
    setSessionHint();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, user: apiUser }));
    const user = userEvent.setup();
    renderAccount();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bonjour Camille' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Camille Martin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Accéder à l'espace client" })).toHaveAttribute(
      'href',
      '/client',
    );
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'Déconnexion réussie' }));
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('tab', { name: 'Se connecter' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/v1/website/auth/logout');
  });
});
