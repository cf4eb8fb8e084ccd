import { z } from 'zod';
import { successEnvelope } from './api';
import { cleanArray } from './fields';
import { LicenseKeyInputSchema } from './license-api';
import { RELEASE_CHANNELS, RELEASE_STATES, isReleaseVersion } from './release-rules';
import { RoadmapItemIdSchema } from './roadmap';

/**
 * Payloads of the releases (docs/product.md 'Releases'): the staff API, the update check an
 * installation calls, the client area's downloads and the public list. Dates travel as ISO
 * strings; notes are Markdown, sent with their HTML already made safe by the server.
 */

export const RELEASE_NOTES_MAX = 20_000;
export const RELEASE_ITEMS_MAX = 50;

export const ReleaseChannelSchema = z.enum(RELEASE_CHANNELS, { error: 'release.channel_invalid' });

const VersionSchema = (invalid: 'release.version_invalid' | 'release.current_version_invalid') =>
  z.string({ error: invalid }).trim().refine(isReleaseVersion, { error: invalid });

const NotesSchema = z
  .string({ error: 'release.notes_required' })
  .trim()
  .min(1, { error: 'release.notes_required' })
  .max(RELEASE_NOTES_MAX, { error: 'validation.too_long' });

const RoadmapItemIdsSchema = z
  .array(RoadmapItemIdSchema, { error: 'validation.invalid' })
  .max(RELEASE_ITEMS_MAX, { error: 'release.too_many_items', ...cleanArray })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'release.duplicate_item' });

/** POST /api/v1/admin/releases. */
export const ReleaseCreateSchema = z.object({
  version: VersionSchema('release.version_invalid'),
  channel: ReleaseChannelSchema.default('stable'),
  notes_fr: NotesSchema,
  notes_en: NotesSchema,
  roadmap_item_ids: RoadmapItemIdsSchema.default([]),
});
export type ReleaseCreate = z.infer<typeof ReleaseCreateSchema>;

/** PATCH /api/v1/admin/releases/{id}: a draft's notes, channel and items. */
export const ReleaseUpdateSchema = z
  .object({
    channel: ReleaseChannelSchema.optional(),
    notes_fr: NotesSchema.optional(),
    notes_en: NotesSchema.optional(),
    roadmap_item_ids: RoadmapItemIdsSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'staff.template.patch_empty',
  });
export type ReleaseUpdate = z.infer<typeof ReleaseUpdateSchema>;

export const ArtifactSchema = z.object({
  id: z.string(),
  file: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Compact JWS (EdDSA) of `{ version, file, size, sha256 }`, verified with /.well-known/jwks.json. */
  signature: z.string(),
});
export type Artifact = z.infer<typeof ArtifactSchema>;

export const ReleaseItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_en: z.string().nullable(),
  status: z.string(),
});
export type ReleaseItem = z.infer<typeof ReleaseItemSchema>;

export const StaffReleaseSchema = z.object({
  id: z.string(),
  version: z.string(),
  channel: ReleaseChannelSchema,
  state: z.enum(RELEASE_STATES),
  notes_fr: z.string(),
  notes_en: z.string(),
  published_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  created_at: z.string(),
  roadmap_items: z.array(ReleaseItemSchema),
  artifacts: z.array(ArtifactSchema.extend({ downloads: z.number().int() })),
  downloads: z.number().int(),
});
export type StaffRelease = z.infer<typeof StaffReleaseSchema>;

export const StaffReleaseResponseSchema = successEnvelope({ release: StaffReleaseSchema });
export const StaffReleaseListResponseSchema = successEnvelope({
  releases: z.array(StaffReleaseSchema),
});
export const ArtifactResponseSchema = successEnvelope({ artifact: ArtifactSchema });

/** POST /api/v1/licenses/updates. */
export const UpdateCheckSchema = z.object({
  license_key: LicenseKeyInputSchema,
  current_version: VersionSchema('release.current_version_invalid'),
  channel: ReleaseChannelSchema.optional(),
});
export type UpdateCheck = z.infer<typeof UpdateCheckSchema>;

export const DownloadableArtifactSchema = ArtifactSchema.omit({ id: true }).extend({
  /** Signed, works 15 minutes. */
  download_url: z.string(),
});

export const UpdateCheckResponseSchema = successEnvelope({
  current: z.string(),
  /** The newest published release of the channels asked, entitled or not; null: none. */
  latest: z.string().nullable(),
  update: z
    .object({
      version: z.string(),
      published_at: z.string(),
      notes_url: z.string(),
      artifacts: z.array(DownloadableArtifactSchema),
    })
    .nullable(),
  newer_not_entitled: z.object({ version: z.string(), renew_url: z.string() }).nullable(),
});
export type UpdateCheckResponse = z.infer<typeof UpdateCheckResponseSchema>;

const LocalizedSchema = z.object({ fr: z.string(), en: z.string() });

/** A published release as the public sees it: never a download link. */
export const PublicReleaseSchema = z.object({
  version: z.string(),
  channel: ReleaseChannelSchema,
  published_at: z.string(),
  notes: LocalizedSchema,
  /** The notes rendered from Markdown, raw HTML and unsafe links removed. */
  notes_html: LocalizedSchema,
  items: z.array(ReleaseItemSchema.omit({ status: true })),
});
export type PublicRelease = z.infer<typeof PublicReleaseSchema>;

export const PublicReleasesResponseSchema = successEnvelope({
  releases: z.array(PublicReleaseSchema),
});

/** One of the account's licences beside a release: what it makes of it. */
export const ReleaseLicenceSchema = z.object({
  license_id: z.string(),
  key: z.string(),
  plan: z.string(),
  access: z.enum(['included', 'after_renewal', 'not_covered']),
});

/** GET /api/v1/website/downloads: the releases the account's licences reach. */
export const DownloadReleaseSchema = PublicReleaseSchema.extend({
  artifacts: z.array(
    ArtifactSchema.omit({ id: true }).extend({ download_url: z.string().nullable() }),
  ),
  licences: z.array(ReleaseLicenceSchema),
});
export type DownloadRelease = z.infer<typeof DownloadReleaseSchema>;

export const DownloadsResponseSchema = successEnvelope({
  releases: z.array(DownloadReleaseSchema),
  preferences: z.object({
    beta_opt_in: z.boolean(),
    in_progress_mail: z.boolean(),
    release_mail: z.boolean(),
  }),
});
export type DownloadsResponse = z.infer<typeof DownloadsResponseSchema>;

/** PUT /api/v1/website/release-preferences. */
export const ReleasePreferencesSchema = z.object({
  beta_opt_in: z.boolean({ error: 'validation.invalid' }),
  in_progress_mail: z.boolean({ error: 'validation.invalid' }),
  release_mail: z.boolean({ error: 'validation.invalid' }),
});
export type ReleasePreferences = z.infer<typeof ReleasePreferencesSchema>;
export const ReleasePreferencesResponseSchema = successEnvelope({
  preferences: ReleasePreferencesSchema,
  message: z.string(),
});
