import { createContext, use, useMemo } from 'react';
import type { Language } from '@cadran/domain/constants';

/**
 * The texts an island reads (docs/decisions/048-islands-on-public-pages.md). A public page's
 * island gets the few keys it shows with its props and reads them through a small translator,
 * so the browser never loads the i18n library for it; inside the applications (cart, checkout)
 * the same components read the app's i18n instance through the same context.
 */

export interface TextOptions {
  /** The namespace; the component's own one when left out. */
  ns?: string;
  /** Picks the plural form (`key_one`, `key_other`, `key_zero` when 0 and written). */
  count?: number;
  [value: string]: unknown;
}

export type Translate = (key: string, options?: TextOptions) => string;

export interface Texts {
  language: Language;
  t: Translate;
}

/** Per namespace, the nested texts of the keys an island reads. */
export type Catalogue = Record<string, Record<string, unknown>>;

export const TextsContext = createContext<Texts | null>(null);

/** The same shape as `useTranslation(namespace)`: `t` reads `namespace` unless told otherwise. */
export function useTexts(namespace = 'common'): Texts {
  const texts = use(TextsContext);
  if (!texts) throw new Error('useTexts needs a TextsContext (AppProvider or an island root).');
  return useMemo(
    () => ({
      language: texts.language,
      t: (key, options) => texts.t(key, { ns: namespace, ...options }),
    }),
    [texts, namespace],
  );
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * A translator over a catalogue, with what the islands' texts use of i18next's format:
 * `ns:key` or `ns` in the options, nested keys, plural suffixes and `{{value}}` placeholders.
 * A missing key answers `defaultValue` when given, else the key, as i18next does.
 */
export function createTranslator(language: Language, catalogue: Catalogue): Texts {
  const plurals = new Intl.PluralRules(language);
  const t: Translate = (key, options = {}) => {
    const split = key.indexOf(':');
    const namespace = split > 0 ? key.slice(0, split) : (options.ns ?? 'common');
    const path = split > 0 ? key.slice(split + 1) : key;
    const tree = catalogue[namespace];
    let text: unknown;
    if (typeof options.count === 'number') {
      if (options.count === 0) text = lookup(tree, `${path}_zero`);
      text ??= lookup(tree, `${path}_${plurals.select(options.count)}`);
    }
    text ??= lookup(tree, path);
    // A missing key answers the default value given, else the key, as i18next does.
    if (typeof text !== 'string') {
      return typeof options.defaultValue === 'string' ? options.defaultValue : path;
    }
    return text.replace(PLACEHOLDER, (placeholder, name: string) =>
      name in options ? String(options[name]) : placeholder,
    );
  };
  return { language, t };
}

/** The part of a namespace's texts under the given top-level keys (and their plural forms). */
export function pickTexts(
  bundle: Record<string, unknown> | undefined,
  keys: readonly string[],
): Record<string, unknown> {
  if (!bundle) return {};
  return Object.fromEntries(
    Object.entries(bundle).filter(([name]) =>
      keys.some((key) => name === key || name.startsWith(`${key}_`)),
    ),
  );
}
