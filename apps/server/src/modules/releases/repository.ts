import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import {
  releaseArtifacts,
  releaseDownloads,
  releaseItems,
  releases,
} from '../../db/schema/releases';
import { roadmapItems } from '../../db/schema/roadmap';
import type { Executor, Transaction } from '../../db/transaction';

/** Reads and writes of releases, their items, artifacts and download counts. */

export type ReleaseRow = typeof releases.$inferSelect;
export type ArtifactRow = typeof releaseArtifacts.$inferSelect;

export interface LinkedItem {
  releaseId: string;
  id: number;
  title: string;
  titleEn: string | null;
  status: 'planned' | 'in_progress' | 'done';
  isPublic: boolean;
}

export interface ArtifactWithCount extends ArtifactRow {
  downloads: number;
}

/** A release with what every view of it shows. */
export interface ReleaseRecord {
  release: ReleaseRow;
  items: LinkedItem[];
  artifacts: ArtifactWithCount[];
}

export async function findRelease(db: Executor, id: string): Promise<ReleaseRow | undefined> {
  // An id from an address may be anything: only a UUID can name a release (the column's type).
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(releases).where(eq(releases.id, id)).limit(1);
  return row;
}

export async function lockRelease(tx: Transaction, id: string): Promise<ReleaseRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(releases).where(eq(releases.id, id)).limit(1).for('update');
  return row;
}

/** The ids among `ids` that name no roadmap item. */
export async function missingItemIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: roadmapItems.id })
    .from(roadmapItems)
    .where(inArray(roadmapItems.id, [...ids]));
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

export async function replaceItems(
  tx: Transaction,
  releaseId: string,
  ids: readonly number[],
): Promise<void> {
  await tx.delete(releaseItems).where(eq(releaseItems.releaseId, releaseId));
  if (ids.length > 0) {
    await tx
      .insert(releaseItems)
      .values(ids.map((roadmapItemId) => ({ releaseId, roadmapItemId })));
  }
}

async function itemsOf(db: Executor, releaseIds: readonly string[]): Promise<LinkedItem[]> {
  if (releaseIds.length === 0) return [];
  return db
    .select({
      releaseId: releaseItems.releaseId,
      id: roadmapItems.id,
      title: roadmapItems.title,
      titleEn: roadmapItems.titleEn,
      status: roadmapItems.status,
      isPublic: roadmapItems.isPublic,
    })
    .from(releaseItems)
    .innerJoin(roadmapItems, eq(roadmapItems.id, releaseItems.roadmapItemId))
    .where(inArray(releaseItems.releaseId, [...releaseIds]))
    .orderBy(asc(roadmapItems.sortOrder), asc(roadmapItems.id));
}

async function artifactsOf(
  db: Executor,
  releaseIds: readonly string[],
): Promise<ArtifactWithCount[]> {
  if (releaseIds.length === 0) return [];
  const rows = await db
    .select({
      artifact: releaseArtifacts,
      downloads: sql<number>`coalesce((select sum(${releaseDownloads.count})::int from ${releaseDownloads} where ${releaseDownloads.artifactId} = ${releaseArtifacts.id}), 0)`,
    })
    .from(releaseArtifacts)
    .where(inArray(releaseArtifacts.releaseId, [...releaseIds]))
    .orderBy(asc(releaseArtifacts.fileName));
  return rows.map((row) => ({ ...row.artifact, downloads: Number(row.downloads) }));
}

/** Releases with their items and artifacts, by the state given (every release without). */
export async function listRecords(
  db: Executor,
  filter: { state?: ReleaseRow['state']; id?: string } = {},
): Promise<ReleaseRecord[]> {
  const conditions = [
    filter.state ? eq(releases.state, filter.state) : undefined,
    filter.id ? eq(releases.id, filter.id) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select()
    .from(releases)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(releases.createdAt));
  const ids = rows.map((row) => row.id);
  const [items, artifacts] = await Promise.all([itemsOf(db, ids), artifactsOf(db, ids)]);
  return rows.map((release) => ({
    release,
    items: items.filter((item) => item.releaseId === release.id),
    artifacts: artifacts.filter((artifact) => artifact.releaseId === release.id),
  }));
}

export async function findRecord(db: Executor, id: string): Promise<ReleaseRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [record] = await listRecords(db, { id });
  return record;
}

export async function countArtifacts(db: Executor, releaseId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(releaseArtifacts)
    .where(eq(releaseArtifacts.releaseId, releaseId));
  return Number(row?.n ?? 0);
}

/** An artifact with the state and version of its release (a download checks both). */
export async function findArtifact(
  db: Database,
  id: string,
): Promise<{ artifact: ArtifactRow; release: ReleaseRow } | undefined> {
  const [row] = await db
    .select({ artifact: releaseArtifacts, release: releases })
    .from(releaseArtifacts)
    .innerJoin(releases, eq(releases.id, releaseArtifacts.releaseId))
    .where(eq(releaseArtifacts.id, id))
    .limit(1);
  return row;
}

/** One more download of an artifact under a licence: one row per pair, its count moved. */
export async function countDownload(
  db: Database,
  artifactId: string,
  licenseId: string,
  at: Date,
): Promise<void> {
  await db
    .insert(releaseDownloads)
    .values({ artifactId, licenseId, count: 1, lastAt: at })
    .onConflictDoUpdate({
      target: [releaseDownloads.artifactId, releaseDownloads.licenseId],
      set: { count: sql`${releaseDownloads.count} + 1`, lastAt: at },
    });
}

/** Moves the release's items to done (publication); answers the ids that moved. */
export async function markItemsDone(tx: Transaction, releaseId: string): Promise<number[]> {
  const rows = await tx
    .update(roadmapItems)
    .set({ status: 'done' })
    .where(
      and(
        sql`${roadmapItems.id} in (select ${releaseItems.roadmapItemId} from ${releaseItems} where ${releaseItems.releaseId} = ${releaseId})`,
        sql`${roadmapItems.status} <> 'done'`,
      ),
    )
    .returning({ id: roadmapItems.id });
  return rows.map((row) => row.id);
}
