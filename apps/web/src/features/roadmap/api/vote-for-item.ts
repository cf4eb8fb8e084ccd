import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REALTIME_CLIENT_HEADER } from '@cadran/domain/realtime-protocol';
import type { PublicRoadmapItem, RoadmapVote } from '@cadran/domain/roadmap';
import { apiClient, isApiRequestError } from '@/lib/api-client';
import { useRealtimeStore } from '../store/realtime-store';
import { ROADMAP_PATH, roadmapItemsKey } from './get-roadmap';
import { viewerKey } from './get-viewer';

/**
 * POST /roadmap/{id}/vote (docs/product.md 'Roadmap' ('Votes')): toggles the signed-in client's
 * vote. The request names this page's realtime client, so the server does not echo the resulting
 * roadmap:update back here; the answer already holds the new count, written straight into the list.
 */
export async function voteForItem(
  id: number,
  realtimeClientId: string | null,
): Promise<RoadmapVote> {
  const { RoadmapVoteResponseSchema } = await import('@cadran/domain/roadmap');
  const body = await apiClient.post(`${ROADMAP_PATH}/${id}/vote`, undefined, {
    schema: RoadmapVoteResponseSchema,
    ...(realtimeClientId ? { headers: { [REALTIME_CLIENT_HEADER]: realtimeClientId } } : {}),
  });
  return body.data;
}

export function useVoteForItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => voteForItem(id, useRealtimeStore.getState().clientId),
    // A reading of the list still under way may predate this vote: dropped, it cannot overwrite
    // the count and pressed state the answer brings.
    onMutate: () => queryClient.cancelQueries({ queryKey: roadmapItemsKey }),
    onSuccess: (vote) => {
      queryClient.setQueryData<PublicRoadmapItem[]>(roadmapItemsKey, (items) =>
        items?.map((item) =>
          item.id === vote.id ? { ...item, vote_count: vote.vote_count, voted: vote.voted } : item,
        ),
      );
    },
    onError: (error) => {
      // The session ended meanwhile: show the sign-in hint instead of buttons that fail.
      if (isApiRequestError(error) && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: viewerKey });
      }
      // A vanished item, or one that shipped meanwhile (409, votes closed): the list is out of date.
      if (isApiRequestError(error) && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: roadmapItemsKey });
      }
    },
  });
}
