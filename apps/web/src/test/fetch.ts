import { beforeEach, vi } from 'vitest';

/** An answer as the API sends it: a JSON body with its status. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The fetch stand-in of a test file, called at its top level: before each test it is emptied,
 * given `answer` as its default reply if one is passed, and installed as the global fetch
 * (the test config puts the real one back after each test).
 */
export function mockFetch(answer?: () => Response) {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    if (answer) fetchMock.mockImplementation(() => Promise.resolve(answer()));
    vi.stubGlobal('fetch', fetchMock);
  });
  return fetchMock;
}

/** The address a fetch call was made to, whatever form the caller gave it in. */
export const requestUrl = (input: RequestInfo | URL | undefined): string =>
  input === undefined
    ? ''
    : typeof input === 'string'
      ? input
      : input instanceof URL
        ? input.href
        : input.url;

/** The body a fetch call sent, as the API client sends it: JSON text. */
export const requestBody = (init: RequestInit | undefined): string =>
  typeof init?.body === 'string' ? init.body : '';
