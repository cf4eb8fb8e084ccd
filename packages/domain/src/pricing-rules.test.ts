import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BILLING_CYCLES, type BillingCycle } from './billing-cycles';
import { pickFeatured, type CatalogTemplate } from './catalog-model';
import {
  cycleSaving,
  monthlyTwin,
  plansAbsentFromCycle,
  recommendedTemplate,
  savingAgainstMonthly,
} from './pricing-rules';

let nextId = 1;
const template = (
  name: string,
  billingCycle: BillingCycle,
  priceCents: number,
  more: Partial<CatalogTemplate> = {},
): CatalogTemplate => ({
  id: nextId++,
  name,
  description: '',
  priceCents,
  setupFeeCents: 0,
  renewalPriceCents: priceCents,
  billingCycle,
  domainLimit: 1,
  installationLimit: 1,
  sortOrder: 0,
  isFeatured: false,
  updatePermissions: true,
  features: [],
  ...more,
});

// The demo catalogue's figures, as the store lists them (French names, catalogue order).
const SORT = { Starter: 10, Pro: 20, Agence: 30, Entreprise: 40 } as const;
const demo = (
  name: keyof typeof SORT,
  cycle: BillingCycle,
  price: number,
  more: Partial<CatalogTemplate> = {},
) => template(name, cycle, price, { sortOrder: SORT[name], ...more });
const DEMO: CatalogTemplate[] = [
  demo('Starter', 'monthly', 1900),
  demo('Pro', 'monthly', 4900),
  demo('Agence', 'monthly', 11_900, { setupFeeCents: 4900 }),
  demo('Starter', 'annually', 19_000),
  demo('Pro', 'annually', 49_000, { isFeatured: true }),
  demo('Agence', 'annually', 119_000, { isFeatured: true }),
  demo('Entreprise', 'annually', 299_000, {
    setupFeeCents: 49_000,
    renewalPriceCents: 269_000,
    isFeatured: true,
  }),
  demo('Pro', 'biennially', 89_000),
  demo('Agence', 'biennially', 214_000),
  demo('Entreprise', 'biennially', 539_000, { setupFeeCents: 49_000, renewalPriceCents: 499_000 }),
];
const find = (name: string, cycle: BillingCycle) =>
  DEMO.find((t) => t.name === name && t.billingCycle === cycle)!;

describe('recommendedTemplate', () => {
  it('keeps one recommendation per cycle in the demo catalogue: Pro yearly, none elsewhere', () => {
    expect(recommendedTemplate(DEMO, 'annually')?.name).toBe('Pro');
    expect(recommendedTemplate(DEMO, 'monthly')).toBeNull();
    expect(recommendedTemplate(DEMO, 'biennially')).toBeNull();
    // The home page still takes the three featured templates.
    expect(pickFeatured(DEMO).map((t) => t.name)).toEqual(['Pro', 'Agence', 'Entreprise']);
  });

  it('follows catalogue order, not list order: sort order, then id', () => {
    const late = template('B', 'annually', 100, { sortOrder: 5, isFeatured: true, id: 9 });
    const early = template('A', 'annually', 100, { sortOrder: 5, isFeatured: true, id: 3 });
    const first = template('C', 'annually', 100, { sortOrder: 1 });
    expect(recommendedTemplate([late, first, early], 'annually')).toBe(early);
  });

  it('is always a featured template of the cycle, and exists whenever one is', () => {
    const arbitrary = fc.array(
      fc.record({
        id: fc.nat(),
        sortOrder: fc.integer({ min: -5, max: 5 }),
        billingCycle: fc.constantFrom(...BILLING_CYCLES),
        isFeatured: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(arbitrary, fc.constantFrom(...BILLING_CYCLES), (list, cycle) => {
        const pick = recommendedTemplate(list, cycle);
        const candidates = list.filter((t) => t.billingCycle === cycle && t.isFeatured);
        if (candidates.length === 0) return pick === null;
        return (
          pick !== null &&
          candidates.includes(pick) &&
          candidates.every(
            (t) =>
              t.sortOrder > pick.sortOrder || (t.sortOrder === pick.sortOrder && t.id >= pick.id),
          )
        );
      }),
    );
  });
});

describe('savings against the monthly twin', () => {
  it.each([
    // 12 × 19 € = 228 €, yearly 190 €: 38 € saved, two monthly payments.
    ['Starter', 'annually', { kind: 'months', months: 2 }],
    // 12 × 49 € = 588 €, yearly 490 €.
    ['Pro', 'annually', { kind: 'months', months: 2 }],
    // 12 × 119 € = 1 428 €, yearly 1 190 €; the monthly setup fee is not counted as a saving.
    ['Agence', 'annually', { kind: 'months', months: 2 }],
    // 24 × 49 € = 1 176 €, two years 890 €: 286 € saved, 24.3 %, shown as 24 %.
    ['Pro', 'biennially', { kind: 'percent', percent: 24 }],
    // 24 × 119 € = 2 856 €, two years 2 140 €: 716 € saved, 25.07 %, shown as 25 %.
    ['Agence', 'biennially', { kind: 'percent', percent: 25 }],
  ] as const)('%s %s, on the demo figures', (name, cycle, expected) => {
    expect(cycleSaving(find(name, cycle), DEMO)).toEqual(expected);
  });

  it('says nothing without a monthly twin, or for the monthly and one-time cycles', () => {
    expect(cycleSaving(find('Entreprise', 'annually'), DEMO)).toBeNull();
    expect(cycleSaving(find('Entreprise', 'biennially'), DEMO)).toBeNull();
    expect(cycleSaving(find('Pro', 'monthly'), DEMO)).toBeNull();
    const monthly = template('X', 'monthly', 1000);
    expect(savingAgainstMonthly(template('X', 'one_time', 5000), monthly)).toBeNull();
    expect(savingAgainstMonthly(template('X', 'monthly', 500), monthly)).toBeNull();
  });

  it('says nothing when the longer cycle costs as much or more', () => {
    const monthly = template('X', 'monthly', 1000);
    expect(savingAgainstMonthly(template('X', 'quarterly', 3000), monthly)).toBeNull();
    expect(savingAgainstMonthly(template('X', 'quarterly', 3100), monthly)).toBeNull();
    // 0.33 % rounds down to nothing worth saying.
    expect(savingAgainstMonthly(template('X', 'quarterly', 2990), monthly)).toBeNull();
  });

  it('deducts a setup fee above the monthly one, and keeps the smaller of first and renewal', () => {
    const monthly = template('X', 'monthly', 1000);
    // 12 000 − 10 000 − 1 000 extra setup = 1 000: one month, not two.
    expect(
      savingAgainstMonthly(template('X', 'annually', 10_000, { setupFeeCents: 1000 }), monthly),
    ).toEqual({ kind: 'months', months: 1 });
    // First year saves two months, renewals only 1 200 of 12 000: 10 %.
    expect(
      savingAgainstMonthly(
        template('X', 'annually', 10_000, { renewalPriceCents: 10_800 }),
        monthly,
      ),
    ).toEqual({ kind: 'percent', percent: 10 });
  });

  it('finds the twin by exact name among monthly templates, first in catalogue order', () => {
    const a = template('Pro', 'monthly', 100, { sortOrder: 2 });
    const b = template('Pro', 'monthly', 200, { sortOrder: 1 });
    expect(monthlyTwin({ name: 'Pro' }, [a, b, template('Pro', 'annually', 1)])).toBe(b);
    expect(monthlyTwin({ name: 'pro' }, [a, b])).toBeNull();
  });

  it('never claims more than the monthly cost minus what the buyer pays', () => {
    const cents = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        fc.constantFrom<BillingCycle>('quarterly', 'semi_annually', 'annually', 'biennially'),
        cents,
        cents,
        cents,
        cents,
        (cycle, monthlyPrice, price, setup, renewal) => {
          const months = { quarterly: 3, semi_annually: 6, annually: 12, biennially: 24 }[
            cycle as 'quarterly'
          ];
          const monthly = template('X', 'monthly', monthlyPrice);
          const offer = template('X', cycle, price, {
            setupFeeCents: setup,
            renewalPriceCents: renewal,
          });
          const saving = savingAgainstMonthly(offer, monthly);
          if (!saving) return true;
          // In hundredths of a cent, so a percentage compares without rounding.
          const claimed =
            saving.kind === 'months'
              ? saving.months * monthlyPrice * 100
              : saving.percent * monthlyPrice * months;
          const firstSaved = (monthlyPrice * months - price - setup) * 100;
          const renewalSaved = (monthlyPrice * months - renewal) * 100;
          return claimed > 0 && claimed <= firstSaved && claimed <= renewalSaved;
        },
      ),
    );
  });
});

describe('plansAbsentFromCycle', () => {
  it('names, for each demo cycle, the plans it lacks and where they are sold', () => {
    expect(plansAbsentFromCycle(DEMO, 'monthly')).toEqual([
      { name: 'Entreprise', cycles: ['annually', 'biennially'] },
    ]);
    expect(plansAbsentFromCycle(DEMO, 'annually')).toEqual([]);
    expect(plansAbsentFromCycle(DEMO, 'biennially')).toEqual([
      { name: 'Starter', cycles: ['monthly', 'annually'] },
    ]);
  });

  it('lists every plan of the catalogue for a cycle not on offer, in catalogue order', () => {
    expect(plansAbsentFromCycle(DEMO, 'quarterly').map((plan) => plan.name)).toEqual([
      'Starter',
      'Pro',
      'Agence',
      'Entreprise',
    ]);
    expect(plansAbsentFromCycle([], 'monthly')).toEqual([]);
  });
});
