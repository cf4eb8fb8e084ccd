import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from './fixtures';

// The journeys find what a visitor reads by the app's own texts, read from its locale files:
// a reworded message changes the journey's expectation with it, in both languages.

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales',
);

/** A whole namespace of the web app's texts in one language ('checkout', 'common'). */
export const readLocale = <T>(lang: Lang, namespace: string): T =>
  JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8')) as T;

/** Several namespaces in one language, each under its own name ({ cart, checkout, … }). */
export const readLocales = <T>(lang: Lang, namespaces: readonly string[]): T =>
  Object.fromEntries(namespaces.map((namespace) => [namespace, readLocale(lang, namespace)])) as T;

/** A text of a namespace by its dotted key ('renewals', 'stop.button'); throws when missing. */
export function textOf(lang: Lang) {
  const files = new Map<string, unknown>();
  return (namespace: string, key: string): string => {
    if (!files.has(namespace)) files.set(namespace, readLocale(lang, namespace));
    const found = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        files.get(namespace),
      );
    if (typeof found !== 'string') throw new Error(`no text ${namespace}:${key}`);
    return found;
  };
}
export type Texts = ReturnType<typeof textOf>;

/**
 * A form field found by its label text alone: the app may append a required mark (`*`) or a hint
 * in brackets, which the journeys don't spell out.
 */
export const fieldLabel = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?(\\s*\\(.+\\))?$`);
