import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_RECHECK_MS, LOGIN_SUCCESS_MESSAGE_MS } from '@cadran/domain/constants';
import { getAuthToken, setAuthToken } from '@/lib/api-client';
import { logger } from '@/lib/logger';
import { sessionUser as makeSessionUser } from '@/test/account-fixtures';
import { json, mockFetch } from '@/test/fetch';
import { TOKEN, apiUser, authAnswer, clearCookies, setSessionHint } from './auth-fixtures';
import { useAuthStore } from './auth-store';
import { hasSessionHint } from './session-hint';

const SESSION = '/api/v1/website/auth/session';
const sessionUser = makeSessionUser();
const credentials = { email: 'camille@exemple.fr', password: 'Sablier-Horloge-42' };

const fetchMock = mockFetch();
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url as string}`);
const headersOf = (index: number) =>
  fetchMock.mock.calls[index]?.[1]?.headers as Record<string, string>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(logger, 'warning').mockImplementation(() => undefined);
  useAuthStore.setState({ user: null, token: null, status: 'unknown', notice: null });
});

afterEach(async () => {
  fetchMock.mockResolvedValue(json(200, { success: true }));
  await useAuthStore.getState().logout();
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  setAuthToken(null);
  clearCookies();
});

describe('session check at start', () => {
  it('leaves a visitor without a session cookie anonymous without calling the server', async () => {
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the user through the cookie when one may exist', async () => {
    setSessionHint();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, user: apiUser }));
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: sessionUser });
    expect(calls()).toEqual([`GET ${SESSION}`]);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('reads the data.user shape too', async () => {
    setSessionHint();
    fetchMock.mockResolvedValueOnce(json(200, { data: { user: apiUser } }));
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState().user).toEqual(sessionUser);
  });

  it('leaves the visitor anonymous when the check fails, whatever the reason', async () => {
    setSessionHint();
    fetchMock.mockResolvedValueOnce(
      json(401, { success: false, message: 'Vous devez être connecté' }),
    );
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null, token: null });

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState().status).toBe('anonymous');
  });

  it('takes a session ended elsewhere (its hint cookie still here) as signed out, with no refused request', async () => {
    setSessionHint();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, user: null }));
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(calls()).toEqual([`GET ${SESSION}`]);
  });

  it('shares one request between simultaneous checks', async () => {
    setSessionHint();
    fetchMock.mockResolvedValue(json(200, { success: true, user: apiUser }));
    await Promise.all([
      useAuthStore.getState().checkSession(),
      useAuthStore.getState().checkSession(),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('login', () => {
  it('stores the token, sets it as bearer and maps the user', async () => {
    fetchMock.mockResolvedValueOnce(authAnswer());
    const result = await useAuthStore.getState().login({ ...credentials, remember: true });
    expect(result).toEqual({ ok: true });
    expect(useAuthStore.getState()).toMatchObject({
      status: 'authenticated',
      token: TOKEN,
      user: sessionUser,
      notice: 'login',
    });
    expect(getAuthToken()).toBe(TOKEN);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      ...credentials,
      remember: true,
    });
  });

  it('rechecks the session 200 ms later, with the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(authAnswer());
    await useAuthStore.getState().login(credentials);
    fetchMock.mockResolvedValueOnce(json(200, { success: true, user: apiUser }));
    await vi.advanceTimersByTimeAsync(LOGIN_RECHECK_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()[1]).toBe(`GET ${SESSION}`);
    expect(headersOf(1).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it('removes the success message after 3 seconds', async () => {
    fetchMock.mockResolvedValueOnce(authAnswer());
    fetchMock.mockResolvedValue(json(200, { success: true, user: apiUser }));
    await useAuthStore.getState().login(credentials);
    await vi.advanceTimersByTimeAsync(LOGIN_SUCCESS_MESSAGE_MS - 1);
    expect(useAuthStore.getState().notice).toBe('login');
    await vi.advanceTimersByTimeAsync(1);
    expect(useAuthStore.getState().notice).toBeNull();
  });

  it("shows the server's message, else 'Erreur de connexion'", async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { success: false, message: 'Email ou mot de passe incorrect' }),
    );
    expect(await useAuthStore.getState().login(credentials)).toMatchObject({
      ok: false,
      status: 401,
      message: 'Email ou mot de passe incorrect',
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await useAuthStore.getState().login(credentials)).toMatchObject({
      ok: false,
      message: 'Erreur de connexion',
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await useAuthStore.getState().login(credentials)).toMatchObject({
      ok: false,
      status: 0,
      message: 'Erreur de connexion',
    });
    expect(useAuthStore.getState()).toMatchObject({ status: 'unknown', token: null });
    expect(getAuthToken()).toBeNull();
  });

  it('says the fallback the screen asks for: the checkout asks to try again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await useAuthStore.getState().login(credentials, 'auth.login_retry')).toMatchObject({
      ok: false,
      message: 'Erreur lors de la connexion. Veuillez réessayer.',
    });
  });

  it('is not undone by a start-up check that answers late', async () => {
    setSessionHint();
    let answerCheck: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerCheck = resolve)));
    const check = useAuthStore.getState().checkSession();
    fetchMock.mockResolvedValueOnce(authAnswer());
    await useAuthStore.getState().login(credentials);
    answerCheck(json(401, { success: false, message: 'Vous devez être connecté' }));
    await check;
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', token: TOKEN });
  });
});

describe('register', () => {
  const payload = {
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille@exemple.fr',
    company: 'Atelier Martin',
    phone: '+33 6 12 34 56 78',
    address: '12 rue de la Paix',
    postal_code: '75002',
    city: 'Paris',
    country: 'FR' as const,
    password: 'Sablier-Horloge-42',
  };

  it('signs the new client in with the returned token', async () => {
    fetchMock.mockResolvedValueOnce(authAnswer('Compte créé avec succès'));
    expect(await useAuthStore.getState().register(payload)).toEqual({ ok: true });
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', notice: 'register' });
    expect(getAuthToken()).toBe(TOKEN);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual(payload);
  });

  it('gives the server\'s message and field errors, else "Erreur d\'inscription"', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        success: false,
        message: 'Un compte existe déjà avec cet e-mail',
        errors: { email: ['Un compte existe déjà avec cet e-mail'] },
      }),
    );
    expect(await useAuthStore.getState().register(payload)).toEqual({
      ok: false,
      status: 409,
      message: 'Un compte existe déjà avec cet e-mail',
      errors: { email: ['Un compte existe déjà avec cet e-mail'] },
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await useAuthStore.getState().register(payload)).toMatchObject({
      message: 'Erreur d’inscription',
    });
  });
});

describe('logout', () => {
  const signIn = async () => {
    setSessionHint();
    fetchMock.mockResolvedValueOnce(authAnswer());
    await useAuthStore.getState().login(credentials);
  };

  it('ends the session on the server and forgets user and token', async () => {
    await signIn();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'Déconnexion réussie' }));
    await useAuthStore.getState().logout();
    expect(calls().at(-1)).toBe('POST /api/v1/website/auth/logout');
    expect(useAuthStore.getState()).toMatchObject({ user: null, token: null, status: 'anonymous' });
    expect(getAuthToken()).toBeNull();
  });

  it('forgets user and token even when the call fails, and cancels the pending recheck', async () => {
    await signIn();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      token: null,
      status: 'anonymous',
      notice: null,
    });
    expect(getAuthToken()).toBeNull();
    expect(hasSessionHint()).toBe(false);
    const before = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(LOGIN_SUCCESS_MESSAGE_MS);
    expect(fetchMock.mock.calls.length).toBe(before);
  });
});
