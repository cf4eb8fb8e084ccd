import type { Language } from './constants';
import { en } from './messages/en';
import { fr, type MessageKey } from './messages/fr';

export type { MessageKey };

/**
 * Validation-message catalogue. Schemas carry a message KEY as the zod issue message; the
 * server and the web app turn keys into text in the reader's language at the edge.
 */
const catalogues: Record<Language, Record<MessageKey, string>> = { fr, en };

export const MESSAGE_KEYS = Object.keys(fr) as MessageKey[];

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(fr, key);

/** Text of a key; an unknown key (or a server-written sentence) comes back unchanged. */
export function translateMessage(key: string, lang: Language): string {
  return isMessageKey(key) ? catalogues[lang][key] : key;
}

/** Translates every message of an `{ field: [key] }` record (the `errors` of ApiErrorSchema). */
export function translateFieldErrors(
  errors: Readonly<Record<string, readonly string[]>>,
  lang: Language,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(errors)) {
    out[field] = keys.map((key) => translateMessage(key, lang));
  }
  return out;
}
