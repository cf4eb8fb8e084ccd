import type { Database } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { listPublicItems, type RoadmapRow } from './repository';

/**
 * The public roadmap as everybody sees it (items and vote counts), kept in memory: the page is
 * read far more often than it changes, and each read otherwise runs a count per item.
 * Invalidated by every change announced as `roadmap:update`, whichever process made it (the
 * realtime bus tells the others), and expiring after ROADMAP_CACHE_TTL_MS in any case, so an
 * edit made straight in the database shows within that delay and one read (an expired list is
 * served while it is read again: src/db/read-cache.ts). A reader's own votes are not
 * part of it: they are one indexed query per signed-in reader.
 */

export const ROADMAP_CACHE_TTL_MS = 5_000;

const cache = createReadCache('public roadmap', ROADMAP_CACHE_TTL_MS, (db) =>
  listPublicItems(db, null),
);

/** Called for every `roadmap:update`, before pages are told to reload. */
export function invalidatePublicRoadmap(): void {
  cache.invalidate();
}

export function publicRoadmapRows(db: Database, now: number = Date.now()): Promise<RoadmapRow[]> {
  return cache.get(db, now);
}
