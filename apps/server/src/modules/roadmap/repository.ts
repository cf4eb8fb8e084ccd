import type { RoadmapItemCreate, RoadmapItemUpdate } from '@cadran/domain/roadmap';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor, Transaction } from '../../db/transaction';
import { roadmapItems, roadmapVotes } from '../../db/schema/roadmap';

/** A stored item with its number of votes and, for a signed-in reader, their own vote. */
export interface RoadmapRow {
  id: number;
  title: string;
  titleEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  category: string | null;
  status: 'planned' | 'in_progress' | 'done';
  isPublic: boolean;
  sortOrder: number;
  voteCount: number;
  voted: boolean;
  /** The first published release that shipped the item, if any. */
  releaseVersion: string | null;
}

const voteCount = sql<number>`(select count(*)::int from ${roadmapVotes} where ${roadmapVotes.itemId} = ${roadmapItems.id})`;

// Written with aliases: Drizzle leaves the columns of a one-table select unqualified, and
// `id` would then name the release's id inside the subquery.
const shippedIn = sql<string | null>`(select shipped.version from release_items shipped_item
  join releases shipped on shipped.id = shipped_item.release_id
  where shipped_item.roadmap_item_id = "roadmap_items"."id" and shipped.state = 'published'
  order by shipped.published_at asc limit 1)`;

const votedBy = (userId: string | null): SQL<boolean> =>
  userId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists(select 1 from ${roadmapVotes} where ${roadmapVotes.itemId} = ${roadmapItems.id} and ${roadmapVotes.userId} = ${userId})`;

const columns = (userId: string | null) => ({
  id: roadmapItems.id,
  title: roadmapItems.title,
  titleEn: roadmapItems.titleEn,
  description: roadmapItems.description,
  descriptionEn: roadmapItems.descriptionEn,
  category: roadmapItems.category,
  status: roadmapItems.status,
  isPublic: roadmapItems.isPublic,
  sortOrder: roadmapItems.sortOrder,
  voteCount,
  voted: votedBy(userId),
  releaseVersion: shippedIn,
});

/** Both drivers may hand back count(*)::int as a number or a string; the API wants numbers. */
const normalise = (row: RoadmapRow): RoadmapRow => ({
  ...row,
  voteCount: Number(row.voteCount),
  voted: row.voted === true || (row.voted as unknown) === 't',
});

const ORDER = [asc(roadmapItems.sortOrder), asc(roadmapItems.id)] as const;

/** Public items only, by sort_order (then id, so equal orders stay stable). */
export async function listPublicItems(db: Database, userId: string | null): Promise<RoadmapRow[]> {
  const rows = await db
    .select(columns(userId))
    .from(roadmapItems)
    .where(eq(roadmapItems.isPublic, true))
    .orderBy(...ORDER);
  return rows.map(normalise);
}

/** The items one reader has voted for. */
export async function votedItemIds(db: Database, userId: string): Promise<Set<number>> {
  const rows = await db
    .select({ itemId: roadmapVotes.itemId })
    .from(roadmapVotes)
    .where(eq(roadmapVotes.userId, userId));
  return new Set(rows.map((row) => row.itemId));
}

/** Every item, public or not: the back office's view. */
export async function listAllItems(db: Database): Promise<RoadmapRow[]> {
  const rows = await db
    .select(columns(null))
    .from(roadmapItems)
    .orderBy(...ORDER);
  return rows.map(normalise);
}

export async function findItem(db: Executor, id: number): Promise<RoadmapRow | undefined> {
  const [row] = await db.select(columns(null)).from(roadmapItems).where(eq(roadmapItems.id, id));
  return row ? normalise(row) : undefined;
}

/**
 * A public item's status, read under a share lock held until the caller's transaction ends: a
 * vote counted against it cannot race a staff change of its status. Undefined when the item is
 * hidden or does not exist.
 */
export async function lockPublicItemStatus(
  tx: Transaction,
  id: number,
): Promise<RoadmapRow['status'] | undefined> {
  const [row] = await tx
    .select({ status: roadmapItems.status })
    .from(roadmapItems)
    .where(and(eq(roadmapItems.id, id), eq(roadmapItems.isPublic, true)))
    .for('share');
  return row?.status;
}

const toColumns = (input: RoadmapItemUpdate) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.title_en !== undefined && { titleEn: input.title_en }),
  ...(input.description !== undefined && { description: input.description }),
  ...(input.description_en !== undefined && { descriptionEn: input.description_en }),
  ...(input.category !== undefined && { category: input.category }),
  ...(input.status !== undefined && { status: input.status }),
  ...(input.is_public !== undefined && { isPublic: input.is_public }),
  ...(input.sort_order !== undefined && { sortOrder: input.sort_order }),
});

export async function insertItem(db: Executor, input: RoadmapItemCreate): Promise<number> {
  const [row] = await db
    .insert(roadmapItems)
    .values({ ...toColumns(input), title: input.title })
    .returning({ id: roadmapItems.id });
  if (!row) throw new Error('roadmap insert returned no row');
  return row.id;
}

/** False when no such item exists. */
export async function updateItem(
  db: Executor,
  id: number,
  patch: RoadmapItemUpdate,
): Promise<boolean> {
  const rows = await db
    .update(roadmapItems)
    .set(toColumns(patch))
    .where(eq(roadmapItems.id, id))
    .returning({ id: roadmapItems.id });
  return rows.length > 0;
}

/** The deleted item's public flag, or undefined when there was none. Votes go with it. */
export async function deleteItem(
  db: Executor,
  id: number,
): Promise<{ wasPublic: boolean } | undefined> {
  const [row] = await db
    .delete(roadmapItems)
    .where(eq(roadmapItems.id, id))
    .returning({ isPublic: roadmapItems.isPublic });
  return row ? { wasPublic: row.isPublic } : undefined;
}

/**
 * One vote per client and item (docs/product.md 'Roadmap' ('Votes')), toggled: an existing vote is
 * removed, otherwise one is added. The composite primary key turns a racing double insert into a
 * no-op.
 */
export async function toggleVote(db: Executor, itemId: number, userId: string): Promise<boolean> {
  const removed = await db
    .delete(roadmapVotes)
    .where(and(eq(roadmapVotes.itemId, itemId), eq(roadmapVotes.userId, userId)))
    .returning({ itemId: roadmapVotes.itemId });
  if (removed.length > 0) return false;
  await db.insert(roadmapVotes).values({ itemId, userId }).onConflictDoNothing();
  return true;
}

export async function countVotes(db: Executor, itemId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(roadmapVotes)
    .where(eq(roadmapVotes.itemId, itemId));
  return Number(row?.count ?? 0);
}
