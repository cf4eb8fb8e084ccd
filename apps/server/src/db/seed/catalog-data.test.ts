import type { CatalogTemplate } from '@cadran/domain/catalog-model';
import {
  cycleSaving,
  plansAbsentFromCycle,
  recommendedTemplate,
} from '@cadran/domain/pricing-rules';
import { describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from './catalog-data';

// What the pricing page makes of the demo catalogue, read from the seed itself: ids follow
// insertion order, as on first start, and only active templates are listed.
const listed = (language: 'fr' | 'en'): CatalogTemplate[] =>
  DEMO_TEMPLATES.flatMap((seed, index) =>
    seed.isActive === false
      ? []
      : [
          {
            id: index + 1,
            name: language === 'fr' ? seed.name : seed.nameEn,
            description: '',
            priceCents: seed.priceCents,
            setupFeeCents: seed.setupFeeCents ?? 0,
            renewalPriceCents: seed.renewalPriceCents,
            billingCycle: seed.billingCycle,
            domainLimit: seed.domainLimit ?? 1,
            installationLimit: seed.installationLimit ?? 1,
            sortOrder: seed.sortOrder ?? 0,
            isFeatured: seed.isFeatured ?? false,
            updatePermissions: seed.updatePermissions ?? false,
            features: [],
          },
        ],
  );

describe('demo catalogue on the pricing page', () => {
  it.each(['fr', 'en'] as const)('recommends Pro alone, yearly (%s)', (language) => {
    const templates = listed(language);
    expect(recommendedTemplate(templates, 'annually')?.name).toBe('Pro');
    expect(recommendedTemplate(templates, 'monthly')).toBeNull();
    expect(recommendedTemplate(templates, 'biennially')).toBeNull();
  });

  it('gives two months free yearly, and a percentage every two years', () => {
    const templates = listed('en');
    const saving = (name: string, cycle: string) =>
      cycleSaving(
        templates.find((t) => t.name === name && t.billingCycle === cycle)!,
        templates,
      );
    expect(saving('Starter', 'annually')).toEqual({ kind: 'months', months: 2 });
    expect(saving('Pro', 'annually')).toEqual({ kind: 'months', months: 2 });
    expect(saving('Agency', 'annually')).toEqual({ kind: 'months', months: 2 });
    expect(saving('Pro', 'biennially')).toEqual({ kind: 'percent', percent: 24 });
    expect(saving('Agency', 'biennially')).toEqual({ kind: 'percent', percent: 25 });
    expect(saving('Enterprise', 'annually')).toBeNull();
  });

  it('points from monthly to Enterprise and from two years to Starter', () => {
    const templates = listed('en');
    const absent = (cycle: 'monthly' | 'biennially') => plansAbsentFromCycle(templates, cycle);
    expect(absent('monthly')).toEqual([{ name: 'Enterprise', cycles: ['annually', 'biennially'] }]);
    expect(absent('biennially')).toEqual([{ name: 'Starter', cycles: ['monthly', 'annually'] }]);
  });
});
