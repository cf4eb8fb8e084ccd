import { create } from 'zustand';
import type { RealtimeStatus } from '../api/realtime-client';

/**
 * The realtime connection of the public channel is tracked as connected or disconnected
 * (docs/product.md 'Roadmap' ('Live refresh')). `clientId` is the id of the open connection,
 * named by this page's requests so their own events are not echoed back.
 */
export interface RealtimeState {
  status: RealtimeStatus;
  clientId: string | null;
}

export const useRealtimeStore = create<RealtimeState>(() => ({
  status: 'connecting',
  clientId: null,
}));
