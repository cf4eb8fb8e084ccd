import { useQuery } from '@tanstack/react-query';
import type { PublicRoadmapItem } from '@cadran/domain/roadmap';
import { apiClient } from '@/lib/api-client';

export const ROADMAP_PATH = '/api/v1/website/roadmap';

/** Every roadmap query starts with this key; a realtime event invalidates them all. */
export const ROADMAP_QUERY_KEY = ['roadmap'] as const;
export const roadmapItemsKey = [...ROADMAP_QUERY_KEY, 'items'] as const;

/** GET /roadmap: the public items, a missing vote count read as 0. */
export async function getRoadmap(signal?: AbortSignal): Promise<PublicRoadmapItem[]> {
  // The schema comes with the request, not with the page (its first paint needs no zod).
  const { RoadmapListSchema } = await import('@cadran/domain/roadmap');
  const body = await apiClient.get(ROADMAP_PATH, {
    schema: RoadmapListSchema,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

export const useRoadmap = () =>
  useQuery({ queryKey: roadmapItemsKey, queryFn: ({ signal }) => getRoadmap(signal) });
