import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@cadran/domain/constants';
import { CLIENT_LANGUAGE_PARAM } from '@cadran/domain/localized-path';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { readLanguageCookie, readSavedLanguage, saveLanguage } from '@/lib/language';
import { logger } from '@/lib/logger';
import { saveProfile } from './api/account';

/**
 * The client area has one address per screen in both languages (docs/product.md 'Languages and
 * texts'). Which one it shows, first match wins:
 * - the language a link the store wrote says (`?lang=en` on e-mail and payment links: the
 *   language of the order or the account the link is about);
 * - once signed in, the account's language;
 * - the choice the visitor made on the site (storage 'language', else the 'language' cookie);
 * - French.
 */

/** The language the address opened with, read once: later in-app moves drop the query. */
let linkLanguage: Language | null = null;

export function languageOfLink(search: string): Language | null {
  const value = new URLSearchParams(search).get(CLIENT_LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

export const chosenLanguage = (): Language =>
  linkLanguage ?? readSavedLanguage() ?? readLanguageCookie() ?? DEFAULT_LANGUAGE;

export function applyClientLanguage(search = window.location.search): Promise<void> {
  linkLanguage = languageOfLink(search);
  if (linkLanguage) saveLanguage(linkLanguage);
  return setLanguage(chosenLanguage());
}

/**
 * The account is known: its language is the client area's, unless the link that opened the
 * page named one. Saved like a choice, so the site's pages follow.
 */
export async function followAccountLanguage(accountLanguage: Language): Promise<void> {
  if (linkLanguage || accountLanguage === currentLanguage()) return;
  saveLanguage(accountLanguage);
  await setLanguage(accountLanguage);
}

/**
 * The toggle: saved as the site saves it, so the site's pages follow too, and, when signed in,
 * as the account's language, so its e-mails and its next visit follow as well.
 */
export async function switchClientLanguage(language: Language): Promise<void> {
  linkLanguage = null;
  saveLanguage(language);
  await setLanguage(language);
  const { user } = useAuthStore.getState();
  if (!user) return;
  useAuthStore.setState({ user: { ...user, language } });
  try {
    await saveProfile({ locale: language });
  } catch (error) {
    // The screens already switched; only the account's e-mails keep the former language.
    logger.warning('The account language could not be saved', { error });
  }
}
