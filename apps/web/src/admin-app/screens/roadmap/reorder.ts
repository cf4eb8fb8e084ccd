import { ROADMAP_STATUSES, type RoadmapStatus } from '@cadran/domain/roadmap';

export interface Orderable {
  id: number;
  status: RoadmapStatus;
  sort_order: number;
}

/** The items of each column in their order: sort order, then id (as the public page shows). */
export function columnsOf<T extends Orderable>(items: readonly T[]): Record<RoadmapStatus, T[]> {
  const columns = Object.fromEntries(
    ROADMAP_STATUSES.map((status) => [status, [] as T[]]),
  ) as Record<RoadmapStatus, T[]>;
  for (const item of items) columns[item.status].push(item);
  for (const status of ROADMAP_STATUSES) {
    columns[status].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  }
  return columns;
}

/** A column's ids with `id` moved to `to` (its new index); unchanged when it cannot move. */
export function moveWithin(ids: readonly number[], id: number, to: number): number[] {
  const from = ids.indexOf(id);
  if (from === -1 || to < 0 || to >= ids.length || to === from) return [...ids];
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}
