import { describe, expect, it } from 'vitest';
import { languageFromAcceptHeader, resolveLanguage, toggleLanguage } from './language';

describe('language preference', () => {
  it('prefers the saved choice, then the browser, then French', () => {
    expect(resolveLanguage('en', ['fr-FR'])).toBe('en');
    expect(resolveLanguage(null, ['en-GB', 'fr'])).toBe('en');
    expect(resolveLanguage('de', ['de-DE', 'fr-CA'])).toBe('fr');
    expect(resolveLanguage(undefined, ['es'])).toBe('fr');
    expect(resolveLanguage(undefined)).toBe('fr');
  });

  it('toggles between the two languages', () => {
    expect(toggleLanguage('fr')).toBe('en');
    expect(toggleLanguage('en')).toBe('fr');
  });

  it('reads Accept-Language with q-values', () => {
    expect(languageFromAcceptHeader('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(languageFromAcceptHeader('de;q=1, fr;q=0.3, en;q=0.5')).toBe('en');
    expect(languageFromAcceptHeader('en;q=0, fr')).toBe('fr');
    expect(languageFromAcceptHeader(undefined)).toBe('fr');
    expect(languageFromAcceptHeader('garbage;;q=x')).toBe('fr');
  });
});
