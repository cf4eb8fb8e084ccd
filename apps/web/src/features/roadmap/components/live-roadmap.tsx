import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { use } from 'react';
import type { PublicRoadmapItem } from '@cadran/domain/roadmap';
import { createQueryClient } from '@/lib/query-client';
import { roadmapItemsKey } from '../api/get-roadmap';
import { useLiveRoadmap } from '../hooks/use-live-roadmap';
import { RoadmapBoard } from './roadmap-board';

export interface LiveRoadmapProps {
  /** The public items as the server read them for the page; null when it could not. */
  items: PublicRoadmapItem[] | null;
}

/**
 * The roadmap's board kept live (docs/product.md 'Roadmap'): an island of the public page
 * (docs/decisions/048-islands-on-public-pages.md). Inside the application it uses the app's
 * query client, which already holds the list; as an island it has a client of its own, given
 * the list the server drew the page with, so it hydrates exactly as drawn and reads nothing
 * again until the visitor is known to be signed in or a live update arrives.
 */
export function LiveRoadmap({ items }: LiveRoadmapProps) {
  const appClient = use(QueryClientContext);
  if (appClient) return <LiveBoard />;
  return (
    <QueryClientProvider client={islandClient(items)}>
      <LiveBoard />
    </QueryClientProvider>
  );
}

function LiveBoard() {
  useLiveRoadmap();
  return <RoadmapBoard />;
}

let client: QueryClient | null = null;

/** One client per page (one live board), holding the list the page was drawn with. */
function islandClient(items: PublicRoadmapItem[] | null): QueryClient {
  if (!client) {
    client = createQueryClient();
    if (items) client.setQueryData(roadmapItemsKey, items);
  }
  return client;
}
