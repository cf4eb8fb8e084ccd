import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { sessionUser } from '@/test/account-fixtures';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { currentLanguage, i18n } from '@/lib/i18n';
import { readLanguageCookie } from '@/lib/language';
import {
  applyClientLanguage,
  followAccountLanguage,
  languageOfLink,
  switchClientLanguage,
} from './language';

const fetchMock = mockFetch(() => json(200, { success: true, profile: {} }));

afterEach(async () => {
  localStorage.clear();
  document.cookie = 'language=; Max-Age=0; Path=/';
  useAuthStore.setState({ user: null, status: 'unknown' });
  await i18n.changeLanguage('fr');
});

describe('the client area language', () => {
  it('reads the language a link names, and nothing else', () => {
    expect(languageOfLink('?lang=en')).toBe('en');
    expect(languageOfLink('?token=abc&lang=fr')).toBe('fr');
    expect(languageOfLink('?lang=de')).toBeNull();
    expect(languageOfLink('')).toBeNull();
  });

  it('opens in the language of the link, over the choice saved on the site', async () => {
    localStorage.setItem('language', 'fr');
    await applyClientLanguage('?lang=en');
    expect(currentLanguage()).toBe('en');
    // The link's language becomes the visitor's choice, so the site follows.
    expect(readLanguageCookie()).toBe('en');
    // A link's language wins over the account's until the visitor chooses.
    await followAccountLanguage('fr');
    expect(currentLanguage()).toBe('en');
  });

  it('follows the account language once signed in, when no link named one', async () => {
    localStorage.setItem('language', 'fr');
    await applyClientLanguage('');
    expect(currentLanguage()).toBe('fr');
    await followAccountLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(readLanguageCookie()).toBe('en');
  });

  it('saves the toggle as the account language when signed in', async () => {
    await applyClientLanguage('?lang=fr');
    useAuthStore.setState({ user: sessionUser({ language: 'fr' }), status: 'authenticated' });
    await switchClientLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(useAuthStore.getState().user?.language).toBe('en');
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(requestUrl(input)).toMatch(/\/api\/v1\/website\/account\/profile$/);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(requestBody(init))).toEqual({ locale: 'en' });
  });

  it('switches without writing anything when signed out', async () => {
    await switchClientLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
