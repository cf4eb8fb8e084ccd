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
