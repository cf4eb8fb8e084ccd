import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18n, setLanguage, switchLanguage } from './i18n';
import { detectInitialLanguage, readSavedLanguage } from './language';

const browserLanguage = (value: string) =>
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(value);

describe('initial language', () => {
  it('uses the saved preference first', () => {
    localStorage.setItem('language', 'en');
    browserLanguage('fr-FR');
    expect(detectInitialLanguage()).toBe('en');
  });

  it('ignores a saved value that is not a supported language', () => {
    localStorage.setItem('language', 'de');
    browserLanguage('en-US');
    expect(readSavedLanguage()).toBeNull();
    expect(detectInitialLanguage()).toBe('en');
  });

  it('uses the browser language when it is French or English', () => {
    browserLanguage('en-GB');
    expect(detectInitialLanguage()).toBe('en');
    browserLanguage('fr-CA');
    expect(detectInitialLanguage()).toBe('fr');
  });

  it('falls back to French for any other browser language', () => {
    browserLanguage('de-DE');
    expect(detectInitialLanguage()).toBe('fr');
  });

  it('falls back to French when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    browserLanguage('es-ES');
    expect(detectInitialLanguage()).toBe('fr');
  });
});

describe('switching language', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
  });

  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('swaps French and English, saves the choice and sets the page language', async () => {
    expect(await switchLanguage()).toBe('en');
    expect(currentLanguage()).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.pricing')).toBe('Pricing');

    expect(await switchLanguage()).toBe('fr');
    expect(localStorage.getItem('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('nav.pricing')).toBe('Tarifs');
  });

  it('loads lazily split namespaces in the new language', async () => {
    await i18n.loadNamespaces('legal');
    expect(i18n.t('toc', { ns: 'legal' })).toBe('Sur cette page');
    await setLanguage('en');
    expect(i18n.t('toc', { ns: 'legal' })).toBe('On this page');
  });
});
