import { describe, expect, it } from 'vitest';
import {
  clientAreaPath,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from './localized-path';

describe('addresses per language', () => {
  it('reads the language from the address, French unless under /en', () => {
    expect(languageOfPath('/')).toBe('fr');
    expect(languageOfPath('/pricing')).toBe('fr');
    expect(languageOfPath('/en')).toBe('en');
    expect(languageOfPath('/en/')).toBe('en');
    expect(languageOfPath('/en/pricing')).toBe('en');
    // A French path that merely starts with the letters is French.
    expect(languageOfPath('/enterprise')).toBe('fr');
  });

  it('gives the twin address of each page', () => {
    expect(pathInLanguage('/', 'en')).toBe('/en/');
    expect(pathInLanguage('/pricing', 'en')).toBe('/en/pricing');
    expect(pathInLanguage('/en/pricing', 'fr')).toBe('/pricing');
    expect(pathInLanguage('/en', 'fr')).toBe('/');
    expect(pathInLanguage('/en/', 'en')).toBe('/en/');
    expect(pathInLanguage('/legal/terms', 'fr')).toBe('/legal/terms');
  });

  it('strips the prefix only from English addresses', () => {
    expect(pathWithoutLanguage('/en/store/cart')).toBe('/store/cart');
    expect(pathWithoutLanguage('/enterprise')).toBe('/enterprise');
  });

  it('writes client area links with the language they open in', () => {
    expect(clientAreaPath('/', 'en')).toBe('/client?lang=en');
    expect(clientAreaPath('/orders/C-2026-1', 'fr')).toBe('/client/orders/C-2026-1?lang=fr');
    expect(clientAreaPath('/reset-password?token=abc', 'en')).toBe(
      '/client/reset-password?token=abc&lang=en',
    );
  });
});
