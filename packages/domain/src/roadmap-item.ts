import { z } from 'zod';
import { ROADMAP_STATUSES } from './roadmap-status';

// A roadmap item on the wire, apart from the answers and inputs of roadmap.ts, so the page
// model (roadmap-model.ts) can name its type while roadmap.ts re-exports that model.

export const RoadmapStatusSchema = z.enum(ROADMAP_STATUSES, { error: 'validation.invalid' });

/**
 * A roadmap item plus optional English texts; vote_count defaults to 0 (docs/product.md 'Roadmap').
 */
export const RoadmapItemSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  status: RoadmapStatusSchema,
  is_public: z.boolean(),
  sort_order: z.number().int(),
  vote_count: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((count) => count ?? 0),
  title_en: z.string().nullable().default(null),
  description_en: z.string().nullable().default(null),
});
export type RoadmapItem = z.infer<typeof RoadmapItemSchema>;
export type RoadmapItemInput = z.input<typeof RoadmapItemSchema>;
