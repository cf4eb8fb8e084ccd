import { z } from 'zod';
import { successEnvelope } from './api';
import { BillingCycleSchema, DecimalStringSchema } from './wire-schemas';

/** The 0/1 flags the API sends for booleans (is_featured, update_permissions). */
export const ZeroOneSchema = z.union([z.literal(0), z.literal(1)]);
export type ZeroOne = z.infer<typeof ZeroOneSchema>;

/**
 * A licence template as the API sends it
 * (docs/product.md 'Pricing and the catalogue' ('Licence templates')): amounts as decimal strings.
 */
export const LicenseTemplateSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  price: DecimalStringSchema,
  setup_fee: DecimalStringSchema,
  renewal_price: DecimalStringSchema,
  billing_cycle: BillingCycleSchema,
  domain_limit: z.number().int().min(1),
  installation_limit: z.number().int().min(1),
  sort_order: z.number().int(),
  is_featured: ZeroOneSchema,
  update_permissions: ZeroOneSchema,
  features: z.array(z.string()),
});
export type LicenseTemplate = z.infer<typeof LicenseTemplateSchema>;

/**
 * GET /api/v1/website/templates and /website/templates/featured
 * (docs/product.md 'Pricing and the catalogue').
 */
export const TemplatesResponseSchema = successEnvelope({
  templates: z.array(LicenseTemplateSchema),
});
export type TemplatesResponse = z.infer<typeof TemplatesResponseSchema>;

// The client-side model and its rules need no schema library: they live in catalog-model.ts,
// which pages import without loading zod; they are re-exported here for the server.
export * from './catalog-model';

/**
 * Reads a templates answer. No list at all gives null, which the pricing page
 * reports as its load error ('Aucun template disponible' internally); a single malformed entry
 * is skipped and counted rather than hiding the whole catalogue.
 */
export function readTemplateList(
  payload: unknown,
): { templates: LicenseTemplate[]; rejected: number } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const list = (payload as { templates?: unknown }).templates;
  if (!Array.isArray(list)) return null;
  const templates: LicenseTemplate[] = [];
  for (const item of list as unknown[]) {
    const parsed = LicenseTemplateSchema.safeParse(item);
    if (parsed.success) templates.push(parsed.data);
  }
  return { templates, rejected: list.length - templates.length };
}
