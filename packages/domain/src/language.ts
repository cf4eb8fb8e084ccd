import { DEFAULT_LANGUAGE, isLanguage, type Language } from './constants';

/**
 * Language choice (docs/product.md 'Languages and texts'): the saved preference wins, else the
 * browser language when it is French or English (regional variants such as 'fr-CA' or 'en-GB'
 * count), else French.
 */
export function resolveLanguage(
  saved: unknown,
  browserLanguages: readonly string[] = [],
): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** Toggling swaps French and English. */
export const toggleLanguage = (current: Language): Language => (current === 'fr' ? 'en' : 'fr');

/**
 * Picks the language of an HTTP request from its Accept-Language header, honouring q-values,
 * so server-side messages and mails follow the visitor's language.
 */
export function languageFromAcceptHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return resolveLanguage(
    undefined,
    ranked.map((entry) => entry.tag),
  );
}
