import { describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger';
import { licenseTemplate } from '@/test/catalog-fixtures';
import { json, mockFetch } from '@/test/fetch';
import { NoTemplatesError, getCatalog } from './catalog-query';

const fetchMock = mockFetch();

describe('catalogue request', () => {
  it('asks for every template in the given language', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, templates: [licenseTemplate()] }));
    await expect(getCatalog('en')).resolves.toEqual({
      templates: [licenseTemplate()],
      complete: true,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/website/templates?lang=en');
  });

  it('reads the featured ones from their legacy path, the language in the header', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, templates: [] }));
    await getCatalog('en', 'featured');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/website/templates/featured');
    expect((init!.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('skips a malformed entry and says the list is incomplete', async () => {
    const warning = vi.spyOn(logger, 'warning').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      json(200, { success: true, templates: [licenseTemplate(), { id: 'x' }] }),
    );
    await expect(getCatalog('fr')).resolves.toEqual({
      templates: [licenseTemplate()],
      complete: false,
    });
    expect(warning).toHaveBeenCalledWith('Malformed templates skipped', { count: 1 });
  });

  it('refuses an answer without a list', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    await expect(getCatalog('fr')).rejects.toBeInstanceOf(NoTemplatesError);
  });
});
