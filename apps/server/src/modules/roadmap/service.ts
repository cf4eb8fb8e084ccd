import { ROADMAP_UPDATE_EVENT } from '@cadran/domain/realtime';
import type { RoadmapItemCreate, RoadmapItemUpdate, RoadmapVote } from '@cadran/domain/roadmap';
import type { Database } from '../../db/client';
import type { Realtime } from '../realtime/plugin';
import { invalidatePublicRoadmap, publicRoadmapRows } from './public-cache';
import * as repository from './repository';
import type { RoadmapRow } from './repository';

/**
 * Roadmap rules (docs/product.md 'Roadmap'). Every change, by an
 * administrator or a vote, is announced as `roadmap:update` on the public channel so open
 * pages reload the list. The event names the item only while it is public: a hidden item's
 * id says nothing to the public, and its changes still tell pages to refresh.
 */

export interface RoadmapItemAnswer {
  id: number;
  title: string;
  title_en: string | null;
  description: string | null;
  description_en: string | null;
  category: string | null;
  status: RoadmapRow['status'];
  is_public: boolean;
  sort_order: number;
  vote_count: number;
}

export const toAnswer = (row: RoadmapRow): RoadmapItemAnswer => ({
  id: row.id,
  title: row.title,
  title_en: row.titleEn,
  description: row.description,
  description_en: row.descriptionEn,
  category: row.category,
  status: row.status,
  is_public: row.isPublic,
  sort_order: row.sortOrder,
  vote_count: row.voteCount,
});

export type RoadmapChange = 'created' | 'updated' | 'deleted' | 'voted';

export class RoadmapService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  private announce(
    change: RoadmapChange,
    item: { id: number; public: boolean },
    publisher: string | null,
  ) {
    invalidatePublicRoadmap();
    return this.realtime.publish({
      name: ROADMAP_UPDATE_EVENT,
      data: item.public ? { change, id: item.id } : { change },
      publisher,
    });
  }

  async listPublic(userId: string | null) {
    const [rows, voted] = await Promise.all([
      publicRoadmapRows(this.db),
      userId === null ? new Set<number>() : repository.votedItemIds(this.db, userId),
    ]);
    return rows.map((row) => ({ ...toAnswer(row), voted: voted.has(row.id) }));
  }

  async listAll() {
    return (await repository.listAllItems(this.db)).map(toAnswer);
  }

  /** Undefined when the item is not public or does not exist: both are a 404. */
  async toggleVote(
    itemId: number,
    userId: string,
    publisher: string | null,
  ): Promise<RoadmapVote | undefined> {
    if (!(await repository.isPublicItem(this.db, itemId))) return undefined;
    const voted = await repository.toggleVote(this.db, itemId, userId);
    const voteCount = await repository.countVotes(this.db, itemId);
    await this.announce('voted', { id: itemId, public: true }, publisher);
    return { id: itemId, vote_count: voteCount, voted };
  }

  async create(input: RoadmapItemCreate, publisher: string | null): Promise<RoadmapItemAnswer> {
    const id = await repository.insertItem(this.db, input);
    const row = await repository.findItem(this.db, id);
    if (!row) throw new Error(`roadmap item ${id} vanished after insert`);
    await this.announce('created', { id, public: row.isPublic }, publisher);
    return toAnswer(row);
  }

  async update(
    id: number,
    patch: RoadmapItemUpdate,
    publisher: string | null,
  ): Promise<RoadmapItemAnswer | undefined> {
    const before = await repository.findItem(this.db, id);
    if (!before || !(await repository.updateItem(this.db, id, patch))) return undefined;
    const row = await repository.findItem(this.db, id);
    if (!row) return undefined;
    // An item just hidden must leave open pages too: it was public a moment ago.
    await this.announce('updated', { id, public: row.isPublic || before.isPublic }, publisher);
    return toAnswer(row);
  }

  async remove(id: number, publisher: string | null): Promise<boolean> {
    const deleted = await repository.deleteItem(this.db, id);
    if (!deleted) return false;
    await this.announce('deleted', { id, public: deleted.wasPublic }, publisher);
    return true;
  }
}
