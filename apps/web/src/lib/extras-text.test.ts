import { beforeAll, describe, expect, it } from 'vitest';
import { extrasText } from './extras-text';
import { i18n, loadNamespaces } from './i18n';

beforeAll(async () => {
  await loadNamespaces(['common']);
});

const inLanguage = async (language: 'fr' | 'en') => {
  await i18n.changeLanguage(language);
  return i18n.getFixedT(language);
};

describe('extras of a line', () => {
  it('writes each count with its own plural in French, leaving out what was not bought', async () => {
    const t = await inLanguage('fr');
    expect(extrasText(t, { domains: 1, installations: 0 })).toBe('Options : 1 domaine en plus');
    expect(extrasText(t, { domains: 3, installations: 1 })).toBe(
      'Options : 3 domaines en plus, 1 installation en plus',
    );
    expect(extrasText(t, { domains: 0, installations: 2 })).toBe(
      'Options : 2 installations en plus',
    );
  });

  it('writes them in English too', async () => {
    const t = await inLanguage('en');
    expect(extrasText(t, { domains: 1, installations: 10 })).toBe(
      'Options: 1 extra domain, 10 extra installations',
    );
    expect(extrasText(t, { domains: 2, installations: 0 })).toBe('Options: 2 extra domains');
  });
});
