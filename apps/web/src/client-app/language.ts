import { DEFAULT_LANGUAGE, type Language } from '@cadran/domain/constants';
import { setLanguage } from '@/lib/i18n';
import { readLanguageCookie, readSavedLanguage, saveLanguage } from '@/lib/language';

/**
 * The client area has one address per screen in both languages: it follows the choice the
 * visitor made on the site (storage 'language', else the 'language' cookie), French otherwise
 * (docs/product.md 'Languages and texts').
 */
export const chosenLanguage = (): Language =>
  readSavedLanguage() ?? readLanguageCookie() ?? DEFAULT_LANGUAGE;

export const applyClientLanguage = () => setLanguage(chosenLanguage());

/** The toggle: saved as the site saves it, so the site's pages follow too. */
export async function switchClientLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await setLanguage(language);
}
