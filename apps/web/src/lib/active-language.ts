import type { Language } from '@cadran/domain/constants';
import { documentLanguage } from './language';

/**
 * The language formatting follows when not told one. The applications and the server's drawing
 * set it to i18next's (lib/i18n registers it when it loads); a public page's island, which loads
 * no i18n library (docs/decisions/048-islands-on-public-pages.md), reads the document's.
 */
let source: () => Language = documentLanguage;

export function setLanguageSource(read: () => Language): void {
  source = read;
}

export const activeLanguage = (): Language => source();
