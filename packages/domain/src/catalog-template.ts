import { z } from 'zod';
import { BillingCycleSchema, DecimalStringSchema } from './wire-schemas';

// One licence template on the wire, apart from the answers that carry it (catalog.ts), so the
// page model (catalog-model.ts) can name its type without importing the answers back.

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
