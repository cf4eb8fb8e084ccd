import { isLanguage, type Language } from '@cadran/domain/constants';
import type { Catalogue } from './texts';

/** What the server sends an island with, as JSON in its `data-island-props` attribute. */
export interface IslandPayload {
  language: Language;
  texts: Catalogue;
  props: object;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the attribute back; null when it is not what the server writes. */
export function readIslandPayload(text: string | undefined): IslandPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isLanguage(value.language)) return null;
  if (!isRecord(value.texts) || !isRecord(value.props)) return null;
  return { language: value.language, texts: value.texts as Catalogue, props: value.props };
}
