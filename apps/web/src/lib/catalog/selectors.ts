import type { BillingCycle } from '@cadran/domain/billing-cycles';
import type { LicenseTemplate } from '@cadran/domain/catalog';
import {
  catalogCycles,
  pickFeatured,
  templatesForCycle,
  toTemplate,
  type CatalogTemplate,
} from '@cadran/domain/catalog-model';
import {
  cycleSaving,
  plansAbsentFromCycle,
  recommendedTemplate,
  type AbsentPlan,
  type CycleSaving,
} from '@cadran/domain/pricing-rules';
import type { TemplateList } from './catalog-query';

/*
 * What each page takes from the one catalogue query. They are plain functions of the list,
 * defined once here, so the query keeps each page's result until the list itself changes.
 */

/** The cart and checkout: only a clean list may say that a template is no longer sold. */
export const selectCompleteTemplates = (list: TemplateList): LicenseTemplate[] | null =>
  list.complete ? list.templates : null;

/** The home page's featured templates, at most three, in catalogue order. */
export const selectFeatured = (list: TemplateList): CatalogTemplate[] =>
  pickFeatured(list.templates.map(toTemplate));

/** A template as the pricing card shows it, with the wire form the cart keeps. */
export interface CatalogEntry {
  view: CatalogTemplate;
  template: LicenseTemplate;
  /** The one recommended template of its cycle. */
  recommended: boolean;
  /** What it saves against paying the same plan monthly, when anything. */
  saving: CycleSaving | null;
}

export interface CatalogByCycle {
  /** The cycles on offer, in the toggle's order. */
  cycles: BillingCycle[];
  /** The templates of one cycle, in catalogue order; none for a cycle not on offer. */
  forCycle: (cycle: BillingCycle) => CatalogEntry[];
  /** The plans sold in other cycles but not in this one, with where to find them. */
  absentFrom: (cycle: BillingCycle) => AbsentPlan[];
}

/** The pricing page's cycle toggle and the cards of the chosen cycle. */
export function selectByCycle(list: TemplateList): CatalogByCycle {
  const views = list.templates.map(toTemplate);
  const wireById = new Map(list.templates.map((template) => [template.id, template]));
  const entries = (cycle: BillingCycle): CatalogEntry[] => {
    const recommended = recommendedTemplate(views, cycle);
    return templatesForCycle(views, cycle).flatMap((view) => {
      const template = wireById.get(view.id);
      if (!template) return [];
      return [
        { view, template, recommended: view === recommended, saving: cycleSaving(view, views) },
      ];
    });
  };
  return {
    cycles: catalogCycles(views),
    forCycle: entries,
    absentFrom: (cycle) => plansAbsentFromCycle(views, cycle),
  };
}
