import { sortCycles, type BillingCycle } from './billing-cycles';
import type { LicenseTemplate } from './catalog-template';
import { HOME_FEATURED_MAX } from './constants';
import { decimalStringToCents } from './money';

/*
 * The catalogue as pages use it, without the wire schemas of catalog.ts: a page imports this
 * module to render, and loads the schemas only with the request that needs them, so zod is
 * not part of what delays its first paint.
 */

/** The client-side model: the API's decimal strings converted to cents, flags as booleans. */
export interface CatalogTemplate {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  setupFeeCents: number;
  renewalPriceCents: number;
  billingCycle: BillingCycle;
  domainLimit: number;
  installationLimit: number;
  sortOrder: number;
  isFeatured: boolean;
  updatePermissions: boolean;
  features: string[];
}

export function toTemplate(api: LicenseTemplate): CatalogTemplate {
  return {
    id: api.id,
    name: api.name,
    description: api.description,
    priceCents: decimalStringToCents(api.price),
    setupFeeCents: decimalStringToCents(api.setup_fee),
    renewalPriceCents: decimalStringToCents(api.renewal_price),
    billingCycle: api.billing_cycle,
    domainLimit: api.domain_limit,
    installationLimit: api.installation_limit,
    sortOrder: api.sort_order,
    isFeatured: api.is_featured === 1,
    updatePermissions: api.update_permissions === 1,
    features: [...api.features],
  };
}

/** Catalogue order: sort_order, then id so equal orders stay stable across loads. */
export const compareTemplates = (
  a: { sortOrder: number; id: number },
  b: { sortOrder: number; id: number },
): number => a.sortOrder - b.sortOrder || a.id - b.id;

export const templatesForCycle = (templates: readonly CatalogTemplate[], cycle: BillingCycle) =>
  templates.filter((t) => t.billingCycle === cycle).sort(compareTemplates);

/** The featured templates of the home page, at most three (docs/product.md 'Home'). */
export const pickFeatured = (templates: readonly CatalogTemplate[]): CatalogTemplate[] =>
  templates
    .filter((t) => t.isFeatured)
    .sort(compareTemplates)
    .slice(0, HOME_FEATURED_MAX);

/**
 * The cycles the catalogue offers, in the pricing page toggle's order
 * (docs/product.md 'Pricing and the catalogue').
 */
export const catalogCycles = (
  templates: readonly { billingCycle: BillingCycle }[],
): BillingCycle[] => sortCycles(templates.map((t) => t.billingCycle));
