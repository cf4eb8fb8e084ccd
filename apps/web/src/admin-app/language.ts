import { DEFAULT_LANGUAGE, type Language } from '@cadran/domain/constants';
import { loadNamespaces, setLanguage } from '@/lib/i18n';
import { readSavedLanguage, saveLanguage } from '@/lib/language';

/**
 * The back office has one address per screen in both languages: the language is the staff
 * member's choice (the site's saved 'language'), French until one is made.
 */
export const ADMIN_NAMESPACES = [
  'admin',
  'admin-sales',
  'admin-content',
  'admin-renewals',
] as const;

export async function startAdminLanguage(): Promise<void> {
  await setLanguage(readSavedLanguage() ?? DEFAULT_LANGUAGE);
  await loadNamespaces(ADMIN_NAMESPACES);
}

export async function switchAdminLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await setLanguage(language);
  await loadNamespaces(ADMIN_NAMESPACES);
}
