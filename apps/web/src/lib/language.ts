import { LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@cadran/domain/constants';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  languageOfPath,
  pathInLanguage,
} from '@cadran/domain/localized-path';

/**
 * Language rules (docs/product.md 'Languages and texts'): the address decides the language of
 * the page (French at the plain path, English under /en). The visitor's choice, made with the
 * language link, is saved under local storage 'language' and in the 'language' cookie: the
 * server sends a returning English visitor from a French address to the English one (302).
 * Storage can be unavailable (private browsing, disabled cookies), so every access is guarded
 * and a failure simply means "no saved choice".
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

function writeLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

export function readLanguageCookie(): Language | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}

/** Remembers the visitor's choice in storage and in the cookie the server reads. */
export function saveLanguage(language: Language): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Quota or privacy settings: the cookie still carries the choice.
  }
  writeLanguageCookie(language);
}

/** The language of the page the browser shows: its address says it. */
export function pageLanguage(): Language {
  return typeof window === 'undefined' ? 'fr' : languageOfPath(window.location.pathname);
}

/**
 * A visitor who chose English and opens a French address goes to the English one. The server
 * does it from the cookie; this covers a choice saved in storage only (made before the cookie
 * existed), and writes the cookie so the server does it next time. Returns the address to go
 * to, or null to stay.
 */
export function chosenLanguageAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  const saved = readSavedLanguage();
  if (saved && readLanguageCookie() !== saved) writeLanguageCookie(saved);
  if (saved !== 'en' || languageOfPath(location.pathname) !== 'fr') return null;
  return `${pathInLanguage(location.pathname, 'en')}${location.search}${location.hash}`;
}

/**
 * The language the document is shown in: `<html lang>`, which the server draws and the app's
 * i18n keeps in step (applyDocumentLanguage), else the address's.
 */
export function documentLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : pageLanguage();
}

/** Screen readers and hyphenation follow <html lang>. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
