import { isBillingCycle } from './billing-cycles';
import type { LicenseTemplate, ZeroOne } from './catalog-template';
import { isRecord, isWholeFrom, type Fields } from './field-readers';
import { DECIMAL_STRING } from './money';

/*
 * The templates answer read by hand, without zod: the cart reads the catalogue to keep its
 * prices current, and its page stays within its script budget (docs/quality.md). A property
 * test proves readLicenseTemplate accepts exactly what LicenseTemplateSchema accepts
 * (catalog-template.ts), with the same result.
 */

const isDecimalString = (value: unknown): value is string =>
  typeof value === 'string' && DECIMAL_STRING.test(value);
const isZeroOne = (value: unknown): value is ZeroOne => value === 0 || value === 1;
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function hasTemplateFields(raw: Fields): raw is Fields & LicenseTemplate {
  return (
    isWholeFrom(raw.id, 1) &&
    typeof raw.name === 'string' &&
    typeof raw.description === 'string' &&
    isDecimalString(raw.price) &&
    isDecimalString(raw.setup_fee) &&
    isDecimalString(raw.renewal_price) &&
    isBillingCycle(raw.billing_cycle) &&
    isWholeFrom(raw.domain_limit, 1) &&
    isWholeFrom(raw.installation_limit, 1) &&
    isWholeFrom(raw.sort_order) &&
    isZeroOne(raw.is_featured) &&
    isZeroOne(raw.update_permissions) &&
    isTextList(raw.features)
  );
}

/** One template of the answer, its known fields only; null when any is out of shape. */
export function readLicenseTemplate(raw: unknown): LicenseTemplate | null {
  if (!isRecord(raw) || !hasTemplateFields(raw)) return null;
  return {
    id: raw.id,
    name: raw.name,
    description: raw.description,
    price: raw.price,
    setup_fee: raw.setup_fee,
    renewal_price: raw.renewal_price,
    billing_cycle: raw.billing_cycle,
    domain_limit: raw.domain_limit,
    installation_limit: raw.installation_limit,
    sort_order: raw.sort_order,
    is_featured: raw.is_featured,
    update_permissions: raw.update_permissions,
    features: [...raw.features],
  };
}

/**
 * Reads a templates answer. No list at all gives null, which the pricing page
 * reports as its load error ('Aucun template disponible' internally); a single malformed entry
 * is skipped and counted rather than hiding the whole catalogue.
 */
export function readTemplateList(
  payload: unknown,
): { templates: LicenseTemplate[]; rejected: number } | null {
  if (!isRecord(payload)) return null;
  const list = payload.templates;
  if (!Array.isArray(list)) return null;
  const templates: LicenseTemplate[] = [];
  for (const item of list as unknown[]) {
    const template = readLicenseTemplate(item);
    if (template) templates.push(template);
  }
  return { templates, rejected: list.length - templates.length };
}
