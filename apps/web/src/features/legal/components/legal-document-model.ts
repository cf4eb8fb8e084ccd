/**
 * Shape of one document in locales/<lang>/legal.json. It is data, not code, so the page reads
 * it with a check, written out here rather than with the schema library, which the legal
 * pages would otherwise download for this alone.
 */
export interface LegalLink {
  label: string;
  href: string;
}

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  items: string[];
  links: LegalLink[];
}

export interface LegalDocumentData {
  intro: string;
  sections: LegalSection[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An optional list: absent is empty; present, every entry must pass `read`. */
function readList<T>(value: unknown, read: (entry: unknown) => T | null): T[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return null;
  const entries: T[] = [];
  for (const raw of value) {
    const entry = read(raw);
    if (entry === null) return null;
    entries.push(entry);
  }
  return entries;
}

const readText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readLink(value: unknown): LegalLink | null {
  if (!isRecord(value) || typeof value.label !== 'string' || typeof value.href !== 'string') {
    return null;
  }
  return { label: value.label, href: value.href };
}

function readSection(value: unknown): LegalSection | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.heading !== 'string') {
    return null;
  }
  const paragraphs = readList(value.paragraphs, readText);
  const items = readList(value.items, readText);
  const links = readList(value.links, readLink);
  if (!paragraphs || !items || !links) return null;
  return { id: value.id, heading: value.heading, paragraphs, items, links };
}

/** The document, or null when the translation is missing or malformed (the page then shows its header only). */
export function readLegalDocument(value: unknown): LegalDocumentData | null {
  if (!isRecord(value) || typeof value.intro !== 'string') return null;
  const sections = readList(value.sections, readSection);
  if (!sections || sections.length === 0) return null;
  return { intro: value.intro, sections };
}
