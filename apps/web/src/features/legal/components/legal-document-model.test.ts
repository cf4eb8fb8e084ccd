import { describe, expect, it } from 'vitest';
import en from '@/locales/en/legal.json';
import fr from '@/locales/fr/legal.json';
import { readLegalDocument } from './legal-document-model';

describe('readLegalDocument', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ])('reads every document of the %s translations', (_language, documents) => {
    for (const key of ['notice', 'privacy', 'terms'] as const) {
      const document = readLegalDocument(documents[key]);
      expect(document, key).not.toBeNull();
      expect(document?.sections.length).toBeGreaterThan(0);
    }
  });

  it('fills absent lists with empty ones', () => {
    expect(readLegalDocument({ intro: 'Intro', sections: [{ id: 'a', heading: 'A' }] })).toEqual({
      intro: 'Intro',
      sections: [{ id: 'a', heading: 'A', paragraphs: [], items: [], links: [] }],
    });
  });

  it.each([
    ['a missing translation (i18next returns the key)', 'notice'],
    ['no sections', { intro: 'Intro', sections: [] }],
    ['no intro', { sections: [{ id: 'a', heading: 'A' }] }],
    ['a section without heading', { intro: 'I', sections: [{ id: 'a' }] }],
    [
      'a paragraph that is not text',
      { intro: 'I', sections: [{ id: 'a', heading: 'A', paragraphs: [3] }] },
    ],
    [
      'a link without address',
      { intro: 'I', sections: [{ id: 'a', heading: 'A', links: [{ label: 'x' }] }] },
    ],
    [
      'a list that is not a list',
      { intro: 'I', sections: [{ id: 'a', heading: 'A', items: 'x' }] },
    ],
  ])('refuses %s', (_case, value) => {
    expect(readLegalDocument(value)).toBeNull();
  });
});
