import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, mockFetch } from '@/test/fetch';
import { apiClient, apiRequest, ApiRequestError, setAuthToken } from './api-client';
import { i18n } from './i18n';

const fetchMock = mockFetch();

afterEach(() => {
  setAuthToken(null);
  vi.useRealTimers();
});

const lastInit = (): RequestInit => fetchMock.mock.calls.at(-1)?.[1] ?? {};
const lastHeaders = () => lastInit().headers as Record<string, string>;

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

/** A fetch that never answers and rejects like the platform when its signal aborts. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });
}

describe('requests', () => {
  it('always sends cookies and asks for JSON', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [] }));
    await expect(apiClient.get('/api/v1/website/roadmap')).resolves.toEqual({
      success: true,
      data: [],
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/website/roadmap',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
    expect(lastHeaders().Accept).toBe('application/json');
    expect(lastInit().body).toBeUndefined();
  });

  it("asks for answers in the site's language, whatever the browser's", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { success: true })));
    await i18n.changeLanguage('en');
    await apiClient.get('/api/health');
    expect(lastHeaders()['Accept-Language']).toBe('en');
    await i18n.changeLanguage('fr');
    await apiClient.get('/api/health');
    expect(lastHeaders()['Accept-Language']).toBe('fr');
  });

  it('sends JSON bodies with the JSON content type', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    await apiClient.post('/website/contact', { name: 'Léa', message: 'Bonjour à vous' });
    expect(lastHeaders()['Content-Type']).toBe('application/json');
    expect(JSON.parse(lastInit().body as string)).toEqual({
      name: 'Léa',
      message: 'Bonjour à vous',
    });
  });

  it('sends an empty JSON object on state-changing calls without payload (CSRF check)', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    await apiClient.post('/api/v1/website/auth/logout');
    expect(lastHeaders()['Content-Type']).toBe('application/json');
    expect(lastInit().body).toBe('{}');
  });

  it('adds the bearer token once set, and stops after it is cleared', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { success: true })));
    setAuthToken('token-123');
    await apiClient.get('/api/v1/website/auth/me');
    expect(lastHeaders().Authorization).toBe('Bearer token-123');
    setAuthToken(null);
    await apiClient.get('/api/v1/website/auth/me');
    expect(lastHeaders().Authorization).toBeUndefined();
  });

  it('returns undefined for an empty answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiClient.delete('/api/v1/website/cart')).resolves.toBeUndefined();
  });
});

describe('response validation', () => {
  const Schema = z.object({
    success: z.literal(true),
    templates: z.array(z.object({ id: z.number() })),
  });

  it('returns the parsed answer when it matches the schema', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, templates: [{ id: 1, extra: 'x' }] }));
    await expect(apiRequest('/api/v1/website/templates', { schema: Schema })).resolves.toEqual({
      success: true,
      templates: [{ id: 1 }],
    });
  });

  it('rejects an answer that does not match, as an invalid response', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    const error = await failure(apiRequest('/api/v1/website/templates', { schema: Schema }));
    expect(error.kind).toBe('invalid_response');
    expect(error.status).toBe(200);
  });

  it('rejects a body that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 200 }));
    expect((await failure(apiClient.get('/api/v1/website/templates'))).kind).toBe(
      'invalid_response',
    );
  });
});

describe('errors', () => {
  it("surfaces the server's message and translated field errors", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        success: false,
        message: 'Certaines données sont invalides',
        errors: { email: ['contact.email.invalid'] },
      }),
    );
    const error = await failure(apiClient.post('/website/contact', {}));
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Certaines données sont invalides',
    });
    expect(error.serverMessage).toBe('Certaines données sont invalides');
    expect(error.errors).toEqual({ email: ['Format d’email invalide'] });
  });

  it('translates a message sent as a catalogue key', async () => {
    fetchMock.mockResolvedValue(json(429, { success: false, message: 'error.rate_limited' }));
    const error = await failure(apiClient.post('/api/v1/website/auth/login', {}));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Trop de requêtes, veuillez réessayer plus tard');
  });

  it('falls back to a generic message when the server sent none', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = await failure(apiClient.get('/api/v1/website/templates'));
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      serverMessage: undefined,
      errors: {},
    });
    expect(error.message).toBe('Le serveur n’a pas pu traiter la demande. Veuillez réessayer.');
  });

  it('treats a 2xx answer saying success:false as a failure', async () => {
    fetchMock.mockResolvedValue(json(200, { success: false, message: 'Commande non trouvée' }));
    const error = await failure(apiClient.get('/api/v1/website/orders/number/X'));
    expect(error.serverMessage).toBe('Commande non trouvée');
  });

  it('reports a network failure with its own kind', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(apiClient.get('/api/v1/website/roadmap'));
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('times out after 30 seconds with a typed error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch());
    const pending = failure(apiClient.get('/api/v1/website/templates'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
    expect(error.message).toBe('Le serveur met trop de temps à répondre. Veuillez réessayer.');
  });

  it("tells a caller's own cancellation apart from a time-out", async () => {
    fetchMock.mockImplementation(hangingFetch());
    const controller = new AbortController();
    const pending = failure(
      apiClient.get('/api/v1/website/templates', { signal: controller.signal }),
    );
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });
});
