import { z } from 'zod';
import { successEnvelope } from './api';
import { LicenseTemplateSchema } from './catalog-template';

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

// The client-side model, its rules and the hand reader of the answer need no schema library:
// they live in catalog-model.ts and catalog-reader.ts, which pages import without loading zod;
// they are re-exported here for the server.
export * from './catalog-model';
export * from './catalog-reader';
