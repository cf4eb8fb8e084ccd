import { describe, expect, it } from 'vitest';
import { licenseTemplate } from '@/test/catalog-fixtures';
import { selectByCycle, selectCompleteTemplates, selectFeatured } from './selectors';

const templates = [
  licenseTemplate({ id: 1, name: 'Starter', billing_cycle: 'monthly', sort_order: 10 }),
  licenseTemplate({ id: 2, name: 'Pro', sort_order: 20, is_featured: 0 }),
  licenseTemplate({ id: 3, name: 'Starter', sort_order: 10 }),
  licenseTemplate({ id: 4, name: 'Agence', sort_order: 30 }),
  licenseTemplate({ id: 5, name: 'Entreprise', sort_order: 40 }),
];

describe('catalogue selectors', () => {
  it('lets only a complete list speak for what is sold', () => {
    expect(selectCompleteTemplates({ templates, complete: true })).toBe(templates);
    expect(selectCompleteTemplates({ templates, complete: false })).toBeNull();
  });

  it('picks at most three featured templates, in catalogue order, in cents', () => {
    const featured = selectFeatured({ templates, complete: true });
    expect(featured.map((t) => t.id)).toEqual([1, 3, 4]);
    expect(featured[0]?.priceCents).toBe(49_000);
  });

  it('groups the templates by cycle, keeping the form the cart takes', () => {
    const catalog = selectByCycle({ templates, complete: true });
    expect(catalog.cycles).toEqual(['monthly', 'annually']);
    const annual = catalog.forCycle('annually');
    expect(annual.map((entry) => entry.view.id)).toEqual([3, 2, 4, 5]);
    expect(annual[0]?.template).toBe(templates[2]);
    expect(catalog.forCycle('biennially')).toEqual([]);
  });

  it('marks one recommended template per cycle, the savings, and the plans a cycle lacks', () => {
    const catalog = selectByCycle({ templates, complete: true });
    const annual = catalog.forCycle('annually');
    expect(annual.filter((entry) => entry.recommended).map((entry) => entry.view.id)).toEqual([3]);
    // Starter: 490 € a year against 490 € a month.
    expect(annual[0]?.saving).toEqual({ kind: 'months', months: 11 });
    expect(annual[1]?.saving).toBeNull();
    expect(catalog.forCycle('monthly')[0]?.recommended).toBe(true);
    expect(catalog.absentFrom('monthly').map((plan) => [plan.name, plan.cycles])).toEqual([
      ['Pro', ['annually']],
      ['Agence', ['annually']],
      ['Entreprise', ['annually']],
    ]);
    expect(catalog.absentFrom('annually')).toEqual([]);
  });
});
