import { ROADMAP_UPDATE_EVENT } from '@cadran/domain/realtime';
import {
  isVotable,
  type RoadmapItemCreate,
  type RoadmapItemUpdate,
  type RoadmapVote,
} from '@cadran/domain/roadmap';
import { changelogEntryPath } from '@cadran/domain/release-links';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { prepareAnswer, type PreparedAnswer } from '../../http/prepared-answer';
import type { Realtime } from '../realtime/plugin';
import { invalidatePublicRoadmap, publicRoadmapRows } from './public-cache';
import { reorderColumn, type ReorderOutcome } from './reorder';
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
  release: { version: string; url: string } | null;
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
  release:
    row.status === 'done' && row.releaseVersion
      ? { version: row.releaseVersion, url: changelogEntryPath(row.releaseVersion) }
      : null,
});

const NO_VOTES: ReadonlySet<number> = new Set();

const publicList = (rows: readonly RoadmapRow[], voted: ReadonlySet<number>) =>
  rows.map((row) => ({ ...toAnswer(row), voted: voted.has(row.id) }));

/** Each list read's anonymous answer, dropped with the rows it was made from. */
const anonymousAnswers = new WeakMap<readonly RoadmapRow[], PreparedAnswer>();

/** The audit trail's name for a roadmap item. */
const ROADMAP_TARGET = 'roadmap_item';

export type VoteOutcome =
  { kind: 'toggled'; vote: RoadmapVote } | { kind: 'not_found' } | { kind: 'closed' };

export type RoadmapChange = 'created' | 'updated' | 'deleted' | 'voted' | 'reordered';

/**
 * Told, inside the transaction of a staff change, that an item moved from one status to
 * another: a module that follows items (the releases' voter e-mails) writes its job there, so
 * it exists exactly when the change does.
 */
export type StatusChangeListener = (
  tx: Transaction,
  itemId: number,
  from: RoadmapRow['status'],
  to: RoadmapRow['status'],
) => Promise<void>;

export class RoadmapService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
    private readonly onStatusChange?: StatusChangeListener,
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

  /** The public list as a signed-in reader sees it: their own votes marked. */
  async listPublic(userId: string) {
    const [rows, voted] = await Promise.all([
      publicRoadmapRows(this.db),
      repository.votedItemIds(this.db, userId),
    ]);
    return publicList(rows, voted);
  }

  /**
   * The answer every anonymous reader gets, the same for all of them: serialised, hashed and
   * compressed once per read of the list (the read cache hands out the same rows until it
   * reads again), not per request (docs/quality.md 'Cached public answers').
   */
  async anonymousAnswer(): Promise<PreparedAnswer> {
    const rows = await publicRoadmapRows(this.db);
    let answer = anonymousAnswers.get(rows);
    if (!answer) {
      answer = prepareAnswer(JSON.stringify({ success: true, data: publicList(rows, NO_VOTES) }));
      anonymousAnswers.set(rows, answer);
    }
    return answer;
  }

  async listAll() {
    return (await repository.listAllItems(this.db)).map(toAnswer);
  }

  /**
   * Toggles a client's vote. A hidden or unknown item is `not_found` (a 404); a done item is
   * `closed` (a 409) and nothing is written: neither a new vote nor the withdrawal of an old one.
   * The votes a done item gathered while it was open are kept and still counted on the page,
   * read-only, as the measure of how much it was wanted; if staff move it back to planned or in
   * progress, voting reopens with them (isVotable, docs/product.md 'Roadmap' ('Votes')).
   */
  async toggleVote(itemId: number, userId: string, publisher: string | null): Promise<VoteOutcome> {
    const outcome = await this.db.transaction(async (tx): Promise<VoteOutcome> => {
      const status = await repository.lockPublicItemStatus(tx, itemId);
      if (status === undefined) return { kind: 'not_found' };
      if (!isVotable(status)) return { kind: 'closed' };
      const voted = await repository.toggleVote(tx, itemId, userId);
      const voteCount = await repository.countVotes(tx, itemId);
      return { kind: 'toggled', vote: { id: itemId, vote_count: voteCount, voted } };
    });
    if (outcome.kind === 'toggled') {
      await this.announce('voted', { id: itemId, public: true }, publisher);
    }
    return outcome;
  }

  /** Staff changes: each writes its audit entry in its own transaction (docs/product.md 'Back office'). */
  async create(
    input: RoadmapItemCreate,
    publisher: string | null,
    actor: StaffActor,
  ): Promise<RoadmapItemAnswer> {
    const row = await this.db.transaction(async (tx) => {
      const id = await repository.insertItem(tx, input);
      const created = await repository.findItem(tx, id);
      if (!created) throw new Error(`roadmap item ${id} vanished after insert`);
      await recordStaffAction(tx, actor, {
        action: 'roadmap.create',
        target: { type: ROADMAP_TARGET, id },
        after: toAnswer(created),
      });
      return created;
    });
    await this.announce('created', { id: row.id, public: row.isPublic }, publisher);
    return toAnswer(row);
  }

  async update(
    id: number,
    patch: RoadmapItemUpdate,
    publisher: string | null,
    actor: StaffActor,
  ): Promise<RoadmapItemAnswer | undefined> {
    const change = await this.db.transaction(async (tx) => {
      const before = await repository.findItem(tx, id);
      if (!before || !(await repository.updateItem(tx, id, patch))) return undefined;
      const after = await repository.findItem(tx, id);
      if (!after) return undefined;
      if (before.status !== after.status) {
        await this.onStatusChange?.(tx, id, before.status, after.status);
      }
      await recordStaffAction(tx, actor, {
        action: 'roadmap.update',
        target: { type: ROADMAP_TARGET, id },
        before: toAnswer(before),
        after: toAnswer(after),
      });
      return { before, after };
    });
    if (!change) return undefined;
    // An item just hidden must leave open pages too: it was public a moment ago.
    const wasOrIsPublic = change.after.isPublic || change.before.isPublic;
    await this.announce('updated', { id, public: wasOrIsPublic }, publisher);
    return toAnswer(change.after);
  }

  /** A column's new order (reorder.ts); open pages reload the list as for any change. */
  async reorder(
    ids: readonly number[],
    publisher: string | null,
    actor: StaffActor,
  ): Promise<
    | Exclude<ReorderOutcome, { kind: 'reordered' }>
    | { kind: 'reordered'; items: RoadmapItemAnswer[] }
  > {
    const outcome = await reorderColumn(this.db, ids, actor);
    if (outcome.kind !== 'reordered') return outcome;
    // The event names no item: a whole column moved.
    invalidatePublicRoadmap();
    await this.realtime.publish({
      name: ROADMAP_UPDATE_EVENT,
      data: { change: 'reordered' satisfies RoadmapChange },
      publisher,
    });
    return { kind: 'reordered', items: await this.listAll() };
  }

  async remove(id: number, publisher: string | null, actor: StaffActor): Promise<boolean> {
    const before = await this.db.transaction(async (tx) => {
      const found = await repository.findItem(tx, id);
      if (!found || !(await repository.deleteItem(tx, id))) return undefined;
      await recordStaffAction(tx, actor, {
        action: 'roadmap.delete',
        target: { type: ROADMAP_TARGET, id },
        before: toAnswer(found),
      });
      return found;
    });
    if (!before) return false;
    await this.announce('deleted', { id, public: before.isPublic }, publisher);
    return true;
  }
}
