import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { RELEASE_CHANNELS, RELEASE_STATES } from '@cadran/domain/release-rules';
import { belongsToInteger, belongsToUuid, createdAt, sqlList, updatedAt } from './columns';
import { licenses } from './licenses';
import { roadmapItems } from './roadmap';
import { users } from './users';

/** Where an artifact's bytes are kept (docs/decisions/040-release-artifact-storage.md). */
export const ARTIFACT_STORES = ['files', 'database'] as const;
export type ArtifactStoreKind = (typeof ARTIFACT_STORES)[number];

/**
 * Releases of Cadran CMS (docs/product.md 'Releases'). A draft is prepared by staff, published
 * once (its date decides which licences have it), and may be withdrawn: hidden from updates
 * and downloads, kept for the record.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull().unique(),
    channel: text('channel', { enum: RELEASE_CHANNELS }).notNull().default('stable'),
    state: text('state', { enum: RELEASE_STATES }).notNull().default('draft'),
    notesFr: text('notes_fr').notNull(),
    notesEn: text('notes_en').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('releases_channel_valid', sql.raw(`channel IN (${sqlList(RELEASE_CHANNELS)})`)),
    check('releases_state_valid', sql.raw(`state IN (${sqlList(RELEASE_STATES)})`)),
    check('releases_published_dated', sql`${t.state} = 'draft' OR ${t.publishedAt} IS NOT NULL`),
  ],
);

/** The roadmap items a release ships. */
export const releaseItems = pgTable(
  'release_items',
  {
    releaseId: belongsToUuid('release_id', () => releases.id),
    roadmapItemId: belongsToInteger('roadmap_item_id', () => roadmapItems.id),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.roadmapItemId] }),
    index('release_items_roadmap_item_idx').on(t.roadmapItemId),
  ],
);

/**
 * The files of a release: name, size, SHA-256 and the signature of `{ version, file, size,
 * sha256 }`, written once the bytes are stored; `storage_ref` names them in their store.
 */
export const releaseArtifacts = pgTable(
  'release_artifacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    releaseId: belongsToUuid('release_id', () => releases.id),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    signature: text('signature').notNull(),
    store: text('store', { enum: ARTIFACT_STORES }).notNull(),
    storageRef: text('storage_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('release_artifacts_file_unique').on(t.releaseId, t.fileName),
    check('release_artifacts_size_positive', sql`${t.size} > 0`),
    check('release_artifacts_store_valid', sql.raw(`store IN (${sqlList(ARTIFACT_STORES)})`)),
  ],
);

/** Downloads counted per artifact and licence (one row each, its count moved by every download). */
export const releaseDownloads = pgTable(
  'release_downloads',
  {
    artifactId: belongsToUuid('artifact_id', () => releaseArtifacts.id),
    licenseId: belongsToUuid('license_id', () => licenses.id),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.artifactId, t.licenseId] }),
    index('release_downloads_license_idx').on(t.licenseId),
  ],
);

/** What an account chose about releases: beta releases, and which e-mails it wants. */
export const releasePreferences = pgTable('release_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  betaOptIn: boolean('beta_opt_in').notNull().default(false),
  /** An e-mail when an item the account voted for moves to "in progress" (off unless asked). */
  inProgressMail: boolean('in_progress_mail').notNull().default(false),
  /** The e-mail when an item it voted for ships; its unsubscribe link turns it off. */
  releaseMail: boolean('release_mail').notNull().default(true),
  updatedAt: updatedAt(),
});

export const VOTER_MAIL_KINDS = ['shipped', 'in_progress'] as const;
export type VoterMailKind = (typeof VOTER_MAIL_KINDS)[number];

/**
 * The e-mails told to voters: one row per account, item and kind, written in the transaction
 * that queues the e-mail. The primary key is what makes it go once, whatever the number of
 * server processes or jobs that try.
 */
export const voterNotifications = pgTable(
  'voter_notifications',
  {
    userId: belongsToUuid('user_id', () => users.id),
    roadmapItemId: belongsToInteger('roadmap_item_id', () => roadmapItems.id),
    kind: text('kind', { enum: VOTER_MAIL_KINDS }).notNull(),
    releaseId: uuid('release_id').references(() => releases.id, { onDelete: 'set null' }),
    mailJobId: text('mail_job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roadmapItemId, t.kind] }),
    check('voter_notifications_kind_valid', sql.raw(`kind IN (${sqlList(VOTER_MAIL_KINDS)})`)),
  ],
);
