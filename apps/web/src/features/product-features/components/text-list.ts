import type { TFunction } from 'i18next';

/**
 * A list of sentences stored as a JSON array in a locale file. Anything that is not an array
 * of strings (a key missing while translations load) reads as an empty list, never a crash.
 */
export function textList(t: TFunction, key: string): string[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
