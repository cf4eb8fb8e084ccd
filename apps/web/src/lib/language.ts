import { LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@cadran/domain/constants';
import { resolveLanguage } from '@cadran/domain/language';

/**
 * Language preference rules (docs/product.md 'Languages and texts'): the saved choice (local
 * storage key 'language'), else the browser language when it is French or English, else French.
 * Storage can be unavailable (private browsing, disabled cookies), so every access is guarded and a
 * failure simply means "no saved preference".
 */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSavedLanguage(): Language | null {
  try {
    const saved = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function saveLanguage(language: Language): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Quota or privacy settings: the choice still applies to this visit.
  }
}

/** "The browser language" is the first one the visitor configured. */
function browserLanguage(): string[] {
  if (typeof navigator === 'undefined' || !navigator.language) return [];
  return [navigator.language];
}

export function detectInitialLanguage(): Language {
  return resolveLanguage(readSavedLanguage(), browserLanguage());
}

/** Screen readers and hyphenation follow <html lang>, which the language switch sets. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
