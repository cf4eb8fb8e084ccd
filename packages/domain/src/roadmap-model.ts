import type { Language } from './constants';
import type { MessageKey } from './messages';
import type { RoadmapItem } from './roadmap-item';
import { ROADMAP_STATUSES, type RoadmapStatus } from './roadmap-status';

/*
 * The roadmap as the page renders it, without the wire schemas of roadmap.ts (so the page's
 * first paint does not wait for zod); roadmap.ts re-exports all of it.
 */

export { ROADMAP_STATUSES, type RoadmapStatus } from './roadmap-status';
export const roadmapStatusLabelKey = (status: RoadmapStatus): MessageKey =>
  `roadmap.status.${status}`;

/**
 * Votes are open while an item is planned or in progress; a done item has shipped, so its votes
 * are closed: the count it gathered stays shown, read-only (docs/product.md 'Roadmap' ('Votes')).
 * Named statuses rather than "not done", so a status added later starts closed until decided.
 */
export function isVotable(status: RoadmapStatus): boolean {
  return status === 'planned' || status === 'in_progress';
}

interface LocalizableItem {
  title: string;
  description: string | null;
  title_en?: string | null;
  description_en?: string | null;
}

/** English texts when present and not blank, the French ones otherwise. */
export function localizedRoadmapText(
  item: LocalizableItem,
  lang: Language,
): { title: string; description: string | null } {
  if (lang === 'fr') return { title: item.title, description: item.description };
  const pick = (english: string | null | undefined, french: string | null) =>
    english !== undefined && english !== null && english.trim() !== '' ? english : french;
  return {
    title: pick(item.title_en, item.title) ?? item.title,
    description: pick(item.description_en, item.description),
  };
}

type GroupableItem = Omit<RoadmapItem, 'vote_count'> & { vote_count?: number | null };

/** Items of one column keep every field they came with (e.g. `voted`), with a sure count. */
export type RoadmapColumns<T extends GroupableItem = RoadmapItem> = Record<
  RoadmapStatus,
  Array<T & { vote_count: number }>
>;

/**
 * Public items only, one column per status, sorted by sort_order (then id)
 * (docs/product.md 'Roadmap').
 */
export function groupRoadmap<T extends GroupableItem>(items: readonly T[]): RoadmapColumns<T> {
  const columns: RoadmapColumns<T> = { planned: [], in_progress: [], done: [] };
  for (const item of items) {
    if (!item.is_public) continue;
    columns[item.status].push({ ...item, vote_count: item.vote_count ?? 0 });
  }
  for (const status of ROADMAP_STATUSES) {
    columns[status].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  }
  return columns;
}
