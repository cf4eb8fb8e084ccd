import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BILLING_CYCLES, selectDefaultCycle } from './billing-cycles';
import {
  LicenseTemplateSchema,
  TemplatesResponseSchema,
  catalogCycles,
  pickFeatured,
  readTemplateList,
  templatesForCycle,
  toTemplate,
  type CatalogTemplate,
} from './catalog';
import { apiTemplate } from './test-fixtures';

describe('LicenseTemplateSchema', () => {
  it('accepts a template as the API sends it', () => {
    expect(LicenseTemplateSchema.parse(apiTemplate())).toEqual(apiTemplate());
    expect(
      TemplatesResponseSchema.parse({ success: true, templates: [apiTemplate()] }).templates,
    ).toHaveLength(1);
  });

  it.each([
    ['price as a number', { price: 49 }],
    ['price without cents', { price: '49' }],
    ['negative price', { price: '-1.00' }],
    ['unknown cycle', { billing_cycle: 'weekly' }],
    ['is_featured true', { is_featured: true }],
    ['fractional id', { id: 1.5 }],
    ['zero domain limit', { domain_limit: 0 }],
  ])('refuses %s', (_label, patch) => {
    expect(LicenseTemplateSchema.safeParse({ ...apiTemplate(), ...patch }).success).toBe(false);
  });

  it('requires the success envelope and the templates list', () => {
    expect(TemplatesResponseSchema.safeParse({ success: true }).success).toBe(false);
    expect(TemplatesResponseSchema.safeParse({ success: false, templates: [] }).success).toBe(
      false,
    );
  });
});

describe('toTemplate', () => {
  it('converts amounts to cents and flags to booleans', () => {
    expect(toTemplate(apiTemplate({ is_featured: 0 }))).toEqual({
      id: 1,
      name: 'Cadran Pro',
      description: 'Licence professionnelle',
      priceCents: 4900,
      setupFeeCents: 1050,
      renewalPriceCents: 3900,
      billingCycle: 'annually',
      domainLimit: 3,
      installationLimit: 2,
      sortOrder: 1,
      isFeatured: false,
      updatePermissions: true,
      features: ['Mises à jour', 'Support'],
    } satisfies CatalogTemplate);
  });
});

describe('catalogue helpers', () => {
  const templates = [
    toTemplate(apiTemplate({ id: 1, sort_order: 3 })),
    toTemplate(apiTemplate({ id: 2, sort_order: 1, billing_cycle: 'monthly' })),
    toTemplate(apiTemplate({ id: 3, sort_order: 1 })),
    toTemplate(apiTemplate({ id: 4, sort_order: 2, is_featured: 0 })),
    toTemplate(apiTemplate({ id: 5, sort_order: 0 })),
  ];

  it('lists the templates of one cycle in sort order', () => {
    expect(templatesForCycle(templates, 'annually').map((t) => t.id)).toEqual([5, 3, 4, 1]);
    expect(templatesForCycle(templates, 'triennially')).toEqual([]);
  });

  it('picks at most three featured templates', () => {
    expect(pickFeatured(templates).map((t) => t.id)).toEqual([5, 2, 3]);
    expect(pickFeatured([])).toEqual([]);
  });
});

describe('pricing rules', () => {
  const ofCycle = (id: number, billing_cycle: (typeof BILLING_CYCLES)[number]) =>
    toTemplate(apiTemplate({ id, billing_cycle }));

  it('lists the cycles on offer once each, in toggle order', () => {
    const templates = [
      ofCycle(1, 'biennially'),
      ofCycle(2, 'monthly'),
      ofCycle(3, 'annually'),
      ofCycle(4, 'monthly'),
    ];
    expect(catalogCycles(templates)).toEqual(['monthly', 'annually', 'biennially']);
    expect(catalogCycles([])).toEqual([]);
  });

  it('selects annually when offered, else the first cycle, else nothing', () => {
    fc.assert(
      fc.property(fc.subarray([...BILLING_CYCLES]), (offered) => {
        const cycles = catalogCycles(offered.map((cycle, i) => ofCycle(i + 1, cycle)));
        const selected = selectDefaultCycle(cycles);
        if (cycles.length === 0) expect(selected).toBeNull();
        else if (cycles.includes('annually')) expect(selected).toBe('annually');
        else expect(selected).toBe(cycles[0]);
      }),
    );
  });

  it('shows every template of the selected cycle and no other', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BILLING_CYCLES), { maxLength: 12 }),
        fc.constantFrom(...BILLING_CYCLES),
        (cycles, selected) => {
          const templates = cycles.map((cycle, i) => ofCycle(i + 1, cycle));
          const shown = templatesForCycle(templates, selected);
          expect(shown.every((t) => t.billingCycle === selected)).toBe(true);
          expect(shown).toHaveLength(cycles.filter((c) => c === selected).length);
        },
      ),
    );
  });
});

describe('readTemplateList', () => {
  it('gives null when the answer has no templates list', () => {
    for (const payload of [null, 'x', {}, { success: true }, { templates: 'none' }]) {
      expect(readTemplateList(payload)).toBeNull();
    }
  });

  it('keeps the valid templates and counts the malformed ones', () => {
    const result = readTemplateList({
      success: true,
      templates: [apiTemplate({ id: 1 }), { ...apiTemplate({ id: 2 }), price: 'abc' }, 42],
    });
    expect(result?.templates.map((t) => t.id)).toEqual([1]);
    expect(result?.rejected).toBe(2);
    expect(readTemplateList({ templates: [] })).toEqual({ templates: [], rejected: 0 });
  });
});
