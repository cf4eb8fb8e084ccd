import { z } from 'zod';
import { successEnvelope } from './api';
import { BILLING_CYCLES } from './billing-cycles';
import { clean, cleanArray, requiredText } from './fields';
import { SERIAL_ID_MAX } from './staff-lists';

/**
 * Licence templates in the back office (docs/product.md 'Back office' ('Catalogue')): both
 * languages' texts side by side, money in integer cents, limits of at least 1. The table keeps
 * French copy in name/description/features and English in the *_en columns; the wire names say
 * which is which.
 */

export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_DESCRIPTION_MAX = 2000;
export const TEMPLATE_FEATURE_MAX = 200;
export const TEMPLATE_FEATURES_MAX = 30;
/** One million euros: far above any licence, far below what an integer column holds. */
export const TEMPLATE_CENTS_MAX = 100_000_000;
export const TEMPLATE_LIMIT_MAX = 10_000;
const SORT_ORDER_BOUND = 1_000_000;

const text = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: 'validation.too_long', ...clean });

const integer = (min: number, max: number) =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(min, { error: min === 1 ? 'staff.template.limit_min' : 'validation.out_of_range' })
    .max(max, { error: 'validation.out_of_range' });

const centsField = z
  .number({ error: 'validation.integer' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'staff.template.cents_negative' })
  .max(TEMPLATE_CENTS_MAX, { error: 'validation.out_of_range' });

const features = z
  .array(text(TEMPLATE_FEATURE_MAX), { error: 'validation.invalid' })
  .max(TEMPLATE_FEATURES_MAX, { error: 'validation.too_long', ...cleanArray })
  // Blank lines of a textarea are not features.
  .transform((list) => list.filter((feature) => feature !== ''));

const templateFields = {
  name_fr: requiredText('staff.template.name_required', TEMPLATE_NAME_MAX),
  /** Blank: the English pages show the French name. */
  name_en: text(TEMPLATE_NAME_MAX),
  description_fr: text(TEMPLATE_DESCRIPTION_MAX),
  description_en: text(TEMPLATE_DESCRIPTION_MAX),
  features_fr: features,
  features_en: features,
  price: centsField,
  setup_fee: centsField,
  renewal_price: centsField,
  billing_cycle: z.enum(BILLING_CYCLES, { error: 'staff.template.cycle_invalid' }),
  domain_limit: integer(1, TEMPLATE_LIMIT_MAX),
  installation_limit: integer(1, TEMPLATE_LIMIT_MAX),
  /** Major updates included for the licence's term (else security fixes only). */
  update_permissions: z.boolean({ error: 'validation.invalid' }),
  featured: z.boolean({ error: 'validation.invalid' }),
  /** Unpublished: absent from the public catalogue and pages, and not sold. */
  published: z.boolean({ error: 'validation.invalid' }),
  sort_order: integer(-SORT_ORDER_BOUND, SORT_ORDER_BOUND),
};

/** A new template: a French name, a price and a cycle; the rest has defaults. Hidden at first. */
export const StaffTemplateCreateSchema = z.object({
  ...templateFields,
  name_en: templateFields.name_en.default(''),
  description_fr: templateFields.description_fr.default(''),
  description_en: templateFields.description_en.default(''),
  features_fr: templateFields.features_fr.default([]),
  features_en: templateFields.features_en.default([]),
  setup_fee: templateFields.setup_fee.default(0),
  renewal_price: templateFields.renewal_price.optional(),
  domain_limit: templateFields.domain_limit.default(1),
  installation_limit: templateFields.installation_limit.default(1),
  update_permissions: templateFields.update_permissions.default(true),
  featured: templateFields.featured.default(false),
  published: templateFields.published.default(false),
  sort_order: templateFields.sort_order.default(0),
});
export type StaffTemplateCreate = z.infer<typeof StaffTemplateCreateSchema>;

/** Any of the fields; at least one. */
export const StaffTemplatePatchSchema = z
  .object(templateFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'staff.template.patch_empty',
  });
export type StaffTemplatePatch = z.infer<typeof StaffTemplatePatchSchema>;

export const StaffTemplateSchema = z.object({
  id: z.number().int().positive(),
  name_fr: z.string(),
  name_en: z.string(),
  description_fr: z.string(),
  description_en: z.string(),
  features_fr: z.array(z.string()),
  features_en: z.array(z.string()),
  price: z.number().int(),
  setup_fee: z.number().int(),
  renewal_price: z.number().int(),
  billing_cycle: z.enum(BILLING_CYCLES),
  domain_limit: z.number().int(),
  installation_limit: z.number().int(),
  update_permissions: z.boolean(),
  featured: z.boolean(),
  published: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffTemplate = z.infer<typeof StaffTemplateSchema>;

export const StaffTemplatesResponseSchema = successEnvelope({
  items: z.array(StaffTemplateSchema),
  total: z.number().int().min(0),
});
export const StaffTemplateResponseSchema = successEnvelope({ template: StaffTemplateSchema });

export const StaffTemplateParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(SERIAL_ID_MAX, { error: 'validation.out_of_range' }),
});
