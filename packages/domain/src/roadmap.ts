import { z } from 'zod';
import { RoadmapItemSchema, RoadmapStatusSchema } from './roadmap-item';
import { successEnvelope } from './api';
import { clean, invalidInput } from './fields';

/** Three columns, in this order (docs/product.md 'Roadmap'). */
export { ROADMAP_STATUSES, type RoadmapStatus } from './roadmap-status';

export const ROADMAP_TITLE_MAX = 200;
export const ROADMAP_DESCRIPTION_MAX = 5000;
export const ROADMAP_CATEGORY_MAX = 60;

export {
  RoadmapItemSchema,
  RoadmapStatusSchema,
  type RoadmapItem,
  type RoadmapItemInput,
} from './roadmap-item';

/**
 * The same item as the server answers it: no transform, so it can describe a response
 * (the server always sends a number of votes and both English fields).
 */
export const RoadmapItemResponseSchema = RoadmapItemSchema.extend({
  vote_count: z.number().int().min(0),
  title_en: z.string().nullable(),
  description_en: z.string().nullable(),
});

/** A public item as the list answers it: plus whether the asking client has voted for it. */
export const PublicRoadmapItemResponseSchema = RoadmapItemResponseSchema.extend({
  voted: z.boolean(),
});

/** GET /api/v1/website/roadmap: the items under `data`. */
export const RoadmapResponseSchema = successEnvelope({
  data: z.array(PublicRoadmapItemResponseSchema),
});
export type RoadmapResponse = z.infer<typeof RoadmapResponseSchema>;

/**
 * The same list as the web app reads it: lenient where it must be (a missing vote
 * count is 0) and where an older server might not say whether the visitor voted.
 */
export const PublicRoadmapItemSchema = RoadmapItemSchema.extend({
  voted: z.boolean().default(false),
});
export type PublicRoadmapItem = z.infer<typeof PublicRoadmapItemSchema>;
export const RoadmapListSchema = successEnvelope({ data: z.array(PublicRoadmapItemSchema) });

/** POST /api/v1/website/roadmap/{id}/vote: the item's new count and the caller's vote. */
export const RoadmapVoteSchema = z.object({
  id: z.number().int().positive(),
  vote_count: z.number().int().min(0),
  voted: z.boolean(),
});
export type RoadmapVote = z.infer<typeof RoadmapVoteSchema>;
export const RoadmapVoteResponseSchema = successEnvelope({ data: RoadmapVoteSchema });

/** Admin answers: every item, public or not, with its votes. */
export const AdminRoadmapListResponseSchema = successEnvelope({
  data: z.array(RoadmapItemResponseSchema),
});
export const AdminRoadmapItemResponseSchema = successEnvelope({ data: RoadmapItemResponseSchema });

/** Largest id a route accepts: the column is a PostgreSQL integer. */
export const ROADMAP_ID_MAX = 2_147_483_647;

export {
  groupRoadmap,
  isVotable,
  localizedRoadmapText,
  roadmapStatusLabelKey,
  type RoadmapColumns,
} from './roadmap-model';

const nullableText = (max: number) =>
  z
    .string(invalidInput)
    .trim()
    .max(max, { error: 'validation.too_long', ...clean })
    .nullish()
    // undefined stays undefined so a partial update leaves an absent field untouched;
    // blank and null both mean "clear it".
    .transform((value) =>
      value === undefined ? undefined : value === null || value === '' ? null : value,
    );

const roadmapFields = {
  title: z
    .string({ error: 'roadmap.title.required' })
    .trim()
    .min(1, { error: 'roadmap.title.required', ...clean })
    .max(ROADMAP_TITLE_MAX, { error: 'roadmap.title.too_long', ...clean }),
  description: nullableText(ROADMAP_DESCRIPTION_MAX),
  category: nullableText(ROADMAP_CATEGORY_MAX),
  status: RoadmapStatusSchema,
  is_public: z.boolean({ error: 'validation.invalid' }),
  sort_order: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(-1_000_000, { error: 'validation.out_of_range' })
    .max(1_000_000, { error: 'validation.out_of_range' }),
  title_en: nullableText(ROADMAP_TITLE_MAX),
  description_en: nullableText(ROADMAP_DESCRIPTION_MAX),
};

/** Admin creation: only the title is required; new items are planned, hidden, first. */
export const RoadmapItemCreateSchema = z.object(
  {
    ...roadmapFields,
    status: roadmapFields.status.default('planned'),
    is_public: roadmapFields.is_public.default(false),
    sort_order: roadmapFields.sort_order.default(0),
    description: roadmapFields.description.default(null),
    category: roadmapFields.category.default(null),
    title_en: roadmapFields.title_en.default(null),
    description_en: roadmapFields.description_en.default(null),
  },
  invalidInput,
);
export type RoadmapItemCreate = z.infer<typeof RoadmapItemCreateSchema>;

/** Admin update: any subset of the fields, at least one. */
export const RoadmapItemUpdateSchema = z
  .object(roadmapFields, invalidInput)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'roadmap.update.empty',
  });
export type RoadmapItemUpdate = z.infer<typeof RoadmapItemUpdateSchema>;

/** Most items one column may hold in a reorder. */
export const ROADMAP_REORDER_MAX = 500;

/**
 * POST /api/v1/admin/roadmap/reorder: every item of one column (status), in their new order.
 * The first gets sort order 0, the next 1, and so on.
 */
export const RoadmapReorderSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'validation.integer' })
        .int({ error: 'validation.integer' })
        .min(1, { error: 'validation.out_of_range' })
        .max(ROADMAP_ID_MAX, { error: 'validation.out_of_range' }),
      { error: 'validation.invalid' },
    )
    .min(1, { error: 'roadmap.reorder.empty' })
    .max(ROADMAP_REORDER_MAX, { error: 'validation.too_long' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'roadmap.reorder.duplicate' }),
});
export type RoadmapReorder = z.infer<typeof RoadmapReorderSchema>;
