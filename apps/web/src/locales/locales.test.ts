import { describe, expect, it } from 'vitest';

/**
 * French is the reference copy; every namespace found on disk must exist in both languages
 * with exactly the same keys (plural forms included: English repeats its 'other' text under
 * French's 'many' key, a form English never selects), the same interpolation variables, and no
 * empty text.
 */
const files = import.meta.glob<{ default: unknown }>('./*/*.json', { eager: true });

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key))
        out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const byLanguage = (language: string) =>
  new Map(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${language}/`))
      .map(([path, module]) => [
        path.slice(language.length + 3, -'.json'.length),
        flatten(module.default),
      ]),
  );

const fr = byLanguage('fr');
const en = byLanguage('en');
const variables = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const sortedKeys = (keys: Map<string, unknown>) => [...keys.keys()].sort();

describe('locale files', () => {
  it('have the same namespaces in French and English, including the shell', () => {
    expect([...en.keys()].sort()).toEqual([...fr.keys()].sort());
    expect(fr.has('common')).toBe(true);
  });

  for (const [namespace, frKeys] of fr) {
    describe(`namespace ${namespace}`, () => {
      const enKeys = en.get(namespace) ?? new Map<string, unknown>();

      it('has the same keys in both languages', () => {
        expect(sortedKeys(enKeys)).toEqual(sortedKeys(frKeys));
      });

      it('uses the same interpolation variables in both languages', () => {
        for (const [key, text] of frKeys) {
          if (!enKeys.has(key)) continue;
          expect({ key, vars: variables(enKeys.get(key)) }).toEqual({ key, vars: variables(text) });
        }
      });

      it('has no empty text', () => {
        for (const [key, text] of [...frKeys, ...enKeys]) {
          expect({ key, empty: typeof text === 'string' && text.trim() === '' }).toEqual({
            key,
            empty: false,
          });
        }
      });
    });
  }

  it('detects a missing key (the check itself works)', () => {
    const a = flatten({ nav: { home: 'Accueil', pricing: 'Tarifs' } });
    const b = flatten({ nav: { home: 'Home' } });
    expect(sortedKeys(a)).not.toEqual(sortedKeys(b));
  });
});
