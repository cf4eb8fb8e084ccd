import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, i18n, setLanguage } from './i18n';
import {
  chosenLanguageAddress,
  readLanguageCookie,
  readSavedLanguage,
  saveLanguage,
} from './language';

const here = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

afterEach(async () => {
  document.cookie = 'language=; Max-Age=0; Path=/';
  await i18n.changeLanguage('fr');
});

describe('the language choice', () => {
  it('is saved in storage and in the cookie the server reads', () => {
    saveLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(readSavedLanguage()).toBe('en');
    expect(readLanguageCookie()).toBe('en');
    saveLanguage('fr');
    expect(readLanguageCookie()).toBe('fr');
  });

  it('ignores a saved value that is not a supported language', () => {
    localStorage.setItem('language', 'de');
    expect(readSavedLanguage()).toBeNull();
    expect(chosenLanguageAddress(here('/pricing'))).toBeNull();
  });

  it('sends a visitor who chose English from a French address to its English twin', () => {
    localStorage.setItem('language', 'en');
    expect(chosenLanguageAddress(here('/pricing', '?cycle=yearly', '#faq'))).toBe(
      '/en/pricing?cycle=yearly#faq',
    );
    expect(chosenLanguageAddress(here('/'))).toBe('/en/');
    // ... and writes the cookie, so the server redirects the next time.
    expect(readLanguageCookie()).toBe('en');
  });

  it('leaves English addresses, French choices and visitors who chose nothing alone', () => {
    expect(chosenLanguageAddress(here('/pricing'))).toBeNull();
    localStorage.setItem('language', 'en');
    expect(chosenLanguageAddress(here('/en/pricing'))).toBeNull();
    localStorage.setItem('language', 'fr');
    expect(chosenLanguageAddress(here('/pricing'))).toBeNull();
  });

  it('survives storage being unavailable', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new Error('SecurityError');
      },
    });
    try {
      expect(readSavedLanguage()).toBeNull();
      saveLanguage('en');
      expect(readLanguageCookie()).toBe('en');
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});

describe('drawing the app in a language', () => {
  it('sets the page language and loads split namespaces in it', async () => {
    await i18n.loadNamespaces('legal');
    expect(i18n.t('toc', { ns: 'legal' })).toBe('Sur cette page');
    await setLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('toc', { ns: 'legal' })).toBe('On this page');
  });
});
