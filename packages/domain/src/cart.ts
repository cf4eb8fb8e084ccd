import { isBillingCycle, type BillingCycle } from './billing-cycles';
import {
  CART_LINES_MAX,
  CART_TAX_RATE,
  EXTRA_DOMAIN_PRICE_CENTS,
  EXTRA_INSTALLATION_PRICE_CENTS,
  EXTRAS_MAX,
  EXTRAS_MIN,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from './constants';
import { intIn, isRecord, textUpTo } from './field-readers';
import { MAX_CENTS, applyRate, parseMoneyToCents } from './money';

/*
 * Cart arithmetic and the stored cart, free of zod: the header's cart badge imports this on
 * every page, and the first page must stay within its JS budget (docs/quality.md). The zod schemas
 * of the same shapes live in cart-schemas.ts; a property test proves both accept the same lines.
 */

/**
 * Extra domains and installations per unit, 0 to 10 each (docs/product.md 'Limits and constants').
 */
export interface CartCustomizations {
  extra_domains: number;
  extra_installations: number;
}

export const NO_CUSTOMIZATIONS: CartCustomizations = { extra_domains: 0, extra_installations: 0 };

/** What a price computation needs from a template. */
export interface PricedTemplate {
  priceCents: number;
  setupFeeCents: number;
}

/**
 * Price + setup fee + 10 € per extra domain + 5 € per extra installation
 * (docs/product.md 'Prices and VAT').
 */
export function lineUnitCents(
  template: PricedTemplate,
  customizations: CartCustomizations,
): number {
  return (
    template.priceCents +
    template.setupFeeCents +
    EXTRA_DOMAIN_PRICE_CENTS * customizations.extra_domains +
    EXTRA_INSTALLATION_PRICE_CENTS * customizations.extra_installations
  );
}

/** The unit amount times the quantity (docs/product.md 'Prices and VAT' ('Line prices')). */
export const lineSubtotalCents = (
  template: PricedTemplate,
  customizations: CartCustomizations,
  quantity: number,
): number => lineUnitCents(template, customizations) * quantity;

export interface CartLineInput {
  template: PricedTemplate;
  customizations: CartCustomizations;
  quantity: number;
}

export interface CartTotals {
  itemCount: number;
  subtotalCents: number;
  taxRate: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Item count is the sum of quantities; tax is applied once to the subtotal
 * (not per line) at `taxRate`, 20 % in the cart, the country rate at checkout.
 */
export function cartTotals(
  lines: readonly CartLineInput[],
  taxRate: number = CART_TAX_RATE,
): CartTotals {
  let itemCount = 0;
  let subtotalCents = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    subtotalCents += lineSubtotalCents(line.template, line.customizations, line.quantity);
  }
  const taxCents = applyRate(subtotalCents, taxRate);
  return { itemCount, subtotalCents, taxRate, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * Cart quantity (docs/product.md 'Cart'): non-numeric input falls back to 1; a number below 1
 * returns null, meaning "ignore this input"; decimals are truncated and values above QUANTITY_MAX
 * capped.
 */
export function normalizeQuantity(input: unknown): number | null {
  const value =
    typeof input === 'number'
      ? input
      : typeof input === 'string' && input.trim() !== ''
        ? Number(input)
        : NaN;
  if (Number.isNaN(value)) return QUANTITY_MIN;
  if (value < QUANTITY_MIN) return null;
  return Math.min(Math.trunc(value), QUANTITY_MAX);
}

export interface SafePrice {
  cents: number;
  warning?: 'unparsable' | 'negative';
}

/**
 * An unparsable or negative price counts as 0 and the caller logs a warning
 * (docs/product.md 'Cart').
 */
export function safePrice(raw: unknown): SafePrice {
  const cents = parseMoneyToCents(raw);
  if (cents !== null) return { cents };
  const numeric =
    typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
  return { cents: 0, warning: numeric < 0 ? 'negative' : 'unparsable' };
}

/** The template snapshot a cart line keeps (docs/product.md 'Cart'), amounts in cents. */
export interface CartTemplate {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  setupFeeCents: number;
  billingCycle?: BillingCycle | undefined;
  domainLimit: number;
  installationLimit: number;
  updatePermissions: boolean;
}

export interface CartLine {
  id: string;
  template: CartTemplate;
  quantity: number;
  customizations: CartCustomizations;
}

/** Limits of a stored line, shared with cart-schemas.ts so both readers agree. */
export const CART_LINE_LIMITS = {
  idMax: 100,
  nameMax: 200,
  descriptionMax: 5000,
  limitMax: 1000,
} as const;

/**
 * What the cart keeps in localStorage (docs/product.md 'Cart'). Versioned so a later shape can
 * migrate old carts; subtotals are not stored since they are recomputed on load.
 */
export const CART_STORAGE_VERSION = 1;
export interface PersistedCart {
  version: typeof CART_STORAGE_VERSION;
  items: CartLine[];
}

/** A missing (undefined, not null) count is 0, as CartCustomizationsSchema's defaults say. */
function readCustomizations(raw: unknown): CartCustomizations | null {
  if (raw === undefined) return { ...NO_CUSTOMIZATIONS };
  if (!isRecord(raw)) return null;
  const domains = raw.extra_domains === undefined ? 0 : raw.extra_domains;
  const installations = raw.extra_installations === undefined ? 0 : raw.extra_installations;
  if (!intIn(domains, EXTRAS_MIN, EXTRAS_MAX) || !intIn(installations, EXTRAS_MIN, EXTRAS_MAX))
    return null;
  return { extra_domains: domains, extra_installations: installations };
}

function readTemplate(raw: unknown): CartTemplate | null {
  if (!isRecord(raw)) return null;
  const { id, name, description, priceCents, billingCycle, domainLimit, installationLimit } = raw;
  const { updatePermissions } = raw;
  const setupFeeCents = raw.setupFeeCents === undefined ? 0 : raw.setupFeeCents;
  const valid =
    intIn(id, 1, Number.MAX_SAFE_INTEGER) &&
    textUpTo(name, 0, CART_LINE_LIMITS.nameMax) &&
    textUpTo(description, 0, CART_LINE_LIMITS.descriptionMax) &&
    intIn(priceCents, 0, MAX_CENTS) &&
    intIn(setupFeeCents, 0, MAX_CENTS) &&
    (billingCycle === undefined || isBillingCycle(billingCycle)) &&
    intIn(domainLimit, 1, CART_LINE_LIMITS.limitMax) &&
    intIn(installationLimit, 1, CART_LINE_LIMITS.limitMax) &&
    typeof updatePermissions === 'boolean';
  if (!valid) return null;
  const template: CartTemplate = {
    id,
    name,
    description,
    priceCents,
    setupFeeCents,
    domainLimit,
    installationLimit,
    updatePermissions,
  };
  if (billingCycle !== undefined) template.billingCycle = billingCycle;
  return template;
}

/**
 * One stored line, checked field by field; unknown keys (an old stored subtotal) are dropped.
 * Null when anything is out of shape.
 */
export function readCartLine(raw: unknown): CartLine | null {
  if (!isRecord(raw)) return null;
  const template = readTemplate(raw.template);
  const customizations = readCustomizations(raw.customizations);
  if (
    !textUpTo(raw.id, 1, CART_LINE_LIMITS.idMax) ||
    !template ||
    !customizations ||
    !intIn(raw.quantity, QUANTITY_MIN, QUANTITY_MAX)
  )
    return null;
  return { id: raw.id, template, quantity: raw.quantity, customizations };
}

/**
 * Reads a stored cart defensively: anything that is not a version-1 cart gives an empty cart,
 * and a damaged line is dropped without losing the valid ones.
 */
export function restorePersistedCart(raw: unknown): PersistedCart {
  const empty: PersistedCart = { version: CART_STORAGE_VERSION, items: [] };
  if (typeof raw !== 'object' || raw === null) return empty;
  const { version, items } = raw as { version?: unknown; items?: unknown };
  if (version !== CART_STORAGE_VERSION || !Array.isArray(items)) return empty;
  const valid: CartLine[] = [];
  for (const item of items as unknown[]) {
    const line = readCartLine(item);
    if (line && !valid.some((kept) => kept.id === line.id)) valid.push(line);
    if (valid.length === CART_LINES_MAX) break;
  }
  return { version: CART_STORAGE_VERSION, items: valid };
}

/**
 * What the pricing page hands the cart: a template as the API sent it. Amounts are left
 * `unknown` on purpose: the cart is the last line of defence against an unparsable or negative
 * price (counted as 0, docs/product.md 'Cart'), whatever the caller parsed before.
 */
export interface CartTemplateInput {
  id: number;
  name: string;
  description: string;
  price: unknown;
  setup_fee?: unknown;
  billing_cycle?: unknown;
  domain_limit: number;
  installation_limit: number;
  update_permissions: 0 | 1 | boolean;
}

export interface PriceWarning {
  field: 'price' | 'setup_fee';
  kind: NonNullable<SafePrice['warning']>;
  raw: unknown;
}

const clampLimit = (value: number): number =>
  Number.isFinite(value) ? Math.min(Math.max(Math.trunc(value), 1), CART_LINE_LIMITS.limitMax) : 1;

/**
 * The snapshot a cart line keeps, in cents. An unparsable or negative price or setup fee
 * counts as 0 and comes back as a warning for the caller to log (docs/product.md 'Cart'); texts
 * and limits are brought within the stored line's limits so the stored line survives a reload.
 */
export function toCartTemplate(input: CartTemplateInput): {
  template: CartTemplate;
  warnings: PriceWarning[];
} {
  const warnings: PriceWarning[] = [];
  const read = (field: PriceWarning['field'], raw: unknown): number => {
    const { cents, warning } = safePrice(raw);
    if (warning) warnings.push({ field, kind: warning, raw });
    return cents;
  };
  const priceCents = read('price', input.price);
  // A template without a setup fee has none: absence is not an unparsable amount.
  const setupFeeCents = input.setup_fee === undefined ? 0 : read('setup_fee', input.setup_fee);
  const template: CartTemplate = {
    id: input.id,
    name: input.name.slice(0, CART_LINE_LIMITS.nameMax),
    description: input.description.slice(0, CART_LINE_LIMITS.descriptionMax),
    priceCents,
    setupFeeCents,
    domainLimit: clampLimit(input.domain_limit),
    installationLimit: clampLimit(input.installation_limit),
    updatePermissions: input.update_permissions === 1 || input.update_permissions === true,
  };
  if (isBillingCycle(input.billing_cycle)) template.billingCycle = input.billing_cycle;
  return { template, warnings };
}

/**
 * Catalogue sync (docs/product.md 'Cart'): once the catalogue is loaded, lines whose template is no
 * longer sold are dropped and the others take the catalogue's current snapshot (price, texts in the
 * active language). Quantities and customisations are kept.
 */
export function syncCartWithCatalog(
  lines: readonly CartLine[],
  catalogue: readonly CartTemplate[],
): { lines: CartLine[]; dropped: CartLine[] } {
  const byId = new Map(catalogue.map((template) => [template.id, template]));
  const kept: CartLine[] = [];
  const dropped: CartLine[] = [];
  for (const line of lines) {
    const current = byId.get(line.template.id);
    if (current) kept.push({ ...line, template: { ...current } });
    else dropped.push(line);
  }
  return { lines: kept, dropped };
}
