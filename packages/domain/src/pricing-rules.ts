import { CYCLE_MONTHS, sortCycles, type BillingCycle } from './billing-cycles';
import { compareTemplates, type CatalogTemplate } from './catalog-model';

/*
 * What the pricing page says about the catalogue beyond each template's own figures
 * (docs/product.md 'Pricing and the catalogue' ('The pricing page')): which plan of a cycle is
 * recommended, what a longer cycle saves against paying monthly, and which plans the chosen
 * cycle does not offer. Pure functions of the list, so the server's drawing of the page and the
 * browser's agree.
 */

type Ordered = Pick<CatalogTemplate, 'id' | 'sortOrder'>;

/**
 * The recommended template of a cycle: the first featured template of that cycle in catalogue
 * order, or null when none of its templates is featured. One cycle never shows two
 * recommendations, however many templates carry the featured flag (the flag also picks the home
 * page's selection, where several are expected).
 */
export function recommendedTemplate<
  T extends Ordered & Pick<CatalogTemplate, 'billingCycle' | 'isFeatured'>,
>(templates: readonly T[], cycle: BillingCycle): T | null {
  return (
    templates.filter((t) => t.billingCycle === cycle && t.isFeatured).sort(compareTemplates)[0] ??
    null
  );
}

/** A saving shown as whole months offered, or else as a whole percentage of the monthly cost. */
export type CycleSaving = { kind: 'months'; months: number } | { kind: 'percent'; percent: number };

type Priced = Pick<
  CatalogTemplate,
  'billingCycle' | 'priceCents' | 'setupFeeCents' | 'renewalPriceCents'
>;

/**
 * The monthly template sold under the same name as `offer` (the first one in catalogue order),
 * or null. Names are compared as the catalogue answer gives them, in one language.
 */
export function monthlyTwin<T extends Ordered & Pick<CatalogTemplate, 'name' | 'billingCycle'>>(
  offer: Pick<CatalogTemplate, 'name'>,
  templates: readonly T[],
): T | null {
  return (
    templates
      .filter((t) => t.billingCycle === 'monthly' && t.name === offer.name)
      .sort(compareTemplates)[0] ?? null
  );
}

/**
 * What a template of a longer cycle saves against its monthly twin paid for the same number of
 * months, in integer cents, never overstated:
 * - it is computed twice, on the first period (price) and on each renewal (renewal prices), and
 *   the smaller of the two is kept, so the claim holds for the whole life of the licence;
 * - on the first period, a setup fee higher than the monthly twin's is deducted; a lower one is
 *   not counted as a saving (setup fees are shown apart, on each card).
 * Whole months when the saving is an exact number of monthly payments ("2 months free"), else
 * the percentage of the monthly cost rounded down; null when there is nothing to save, when the
 * cycle is not longer than a month (monthly, one_time), or when the rounded percentage is 0.
 */
export function savingAgainstMonthly(offer: Priced, monthly: Priced): CycleSaving | null {
  const months = CYCLE_MONTHS[offer.billingCycle];
  if (monthly.billingCycle !== 'monthly' || months === null || months <= 1) return null;
  const extraSetup = Math.max(0, offer.setupFeeCents - monthly.setupFeeCents);
  const comparisons = [
    {
      monthlyCents: monthly.priceCents,
      saved: monthly.priceCents * months - offer.priceCents - extraSetup,
    },
    {
      monthlyCents: monthly.renewalPriceCents,
      saved: monthly.renewalPriceCents * months - offer.renewalPriceCents,
    },
  ];
  const least = comparisons.reduce((a, b) => (b.saved < a.saved ? b : a));
  if (least.saved <= 0 || least.monthlyCents <= 0) return null;
  if (least.saved % least.monthlyCents === 0) {
    return { kind: 'months', months: least.saved / least.monthlyCents };
  }
  const percent = Math.floor((least.saved * 100) / (least.monthlyCents * months));
  return percent >= 1 ? { kind: 'percent', percent } : null;
}

/** The saving of `offer` within the catalogue: against its monthly twin, when there is one. */
export function cycleSaving<T extends Ordered & Priced & Pick<CatalogTemplate, 'name'>>(
  offer: T,
  templates: readonly T[],
): CycleSaving | null {
  if (offer.billingCycle === 'monthly') return null;
  const twin = monthlyTwin(offer, templates);
  return twin ? savingAgainstMonthly(offer, twin) : null;
}

/** A plan (a template name) the chosen cycle lacks, with the cycles that do offer it. */
export interface AbsentPlan {
  name: string;
  /** In the pricing toggle's order. */
  cycles: BillingCycle[];
}

/**
 * The plans sold in other cycles but not in `cycle`, in catalogue order (each name where its
 * first template stands), so the page can say where to find them rather than drop them.
 */
export function plansAbsentFromCycle(
  templates: readonly (Ordered & Pick<CatalogTemplate, 'name' | 'billingCycle'>)[],
  cycle: BillingCycle,
): AbsentPlan[] {
  const present = new Set(templates.filter((t) => t.billingCycle === cycle).map((t) => t.name));
  const cyclesByName = new Map<string, BillingCycle[]>();
  for (const template of [...templates].sort(compareTemplates)) {
    if (present.has(template.name)) continue;
    cyclesByName.set(template.name, [
      ...(cyclesByName.get(template.name) ?? []),
      template.billingCycle,
    ]);
  }
  return [...cyclesByName].map(([name, cycles]) => ({ name, cycles: sortCycles(cycles) }));
}
