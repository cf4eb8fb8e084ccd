import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@cadran/domain/constants';
import enCommon from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';
import { setLanguageSource } from './active-language';
import { applyDocumentLanguage, pageLanguage } from './language';

/**
 * Translations: the shell namespace ('common') ships in the main bundle so the header and
 * footer never wait; every other namespace is a separate chunk fetched the first time a page
 * needs it. Features add `locales/{fr,en}/<namespace>.json` and nothing here changes.
 */
const namespaceLoaders = import.meta.glob<{ default: ResourceLanguage }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
]);

export const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespaceLoaders[`../locales/${language}/${namespace}.json`];
    // A namespace without a file yet is empty rather than an error, so keys show until it lands.
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyDocumentLanguage(language);
});

void i18n
  .use(lazyNamespaceBackend)
  .use(initReactI18next)
  .init({
    // The address decides the language (docs/product.md 'Languages and texts').
    lng: pageLanguage(),
    // No fallback language: locales.test.ts guarantees both languages have every namespace and
    // key, and a fallback would make English pages fetch each French namespace too.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    resources: { fr: { common: frCommon }, en: { common: enCommon } },
    partialBundledLanguages: true,
    // The bundled shell strings are ready at once; no first render without text.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
setLanguageSource(currentLanguage);

/** Draws the app in a language (the page's, set from its address). */
export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/** Loads namespaces before a page renders, so it does not suspend after navigation. */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length > 0) await i18n.loadNamespaces([...namespaces]);
}
