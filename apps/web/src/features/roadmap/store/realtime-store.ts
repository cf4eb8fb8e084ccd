import { create } from 'zustand';
import type { RealtimeStatus } from '../api/realtime-client';

/**
 * Spec 4: 'the realtime connection of the public channel is tracked as connected or
 * disconnected'. `clientId` is the id of the open connection, named by this page's requests
 * so their own events are not echoed back (spec 7).
 */
export interface RealtimeState {
  status: RealtimeStatus;
  clientId: string | null;
}

export const useRealtimeStore = create<RealtimeState>(() => ({
  status: 'connecting',
  clientId: null,
}));
