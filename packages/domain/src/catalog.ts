import { z } from 'zod';
import { successEnvelope } from './api';
import { LicenseTemplateSchema, type LicenseTemplate } from './catalog-template';

export {
  LicenseTemplateSchema,
  ZeroOneSchema,
  type LicenseTemplate,
  type ZeroOne,
} from './catalog-template';

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
