// The statuses a roadmap item moves through, read by both the page model (roadmap-model.ts)
// and the wire schemas (roadmap.ts), which each import it rather than each other.
export const ROADMAP_STATUSES = ['planned', 'in_progress', 'done'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
