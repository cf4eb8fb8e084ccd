import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ROADMAP_UPDATE_EVENT, publicChannel } from '@cadran/domain/realtime';
import { roadmapItemsKey } from '../api/get-roadmap';
import { RealtimeClient } from '../api/realtime-client';
import { fetchRealtimeToken, realtimeSocketUrl } from '../api/realtime-token';
import { useRealtimeStore } from '../store/realtime-store';

/**
 * Keeps the roadmap live while the page is open (spec 2: it reloads when roadmap:update
 * arrives on `{host}:public`). After a reconnection it reloads too, since events may have
 * been missed while the connection was down.
 */
export function useLiveRoadmap(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: roadmapItemsKey });
    const client = new RealtimeClient({
      fetchToken: fetchRealtimeToken,
      socketUrl: realtimeSocketUrl,
      onStatus: (status, clientId) => useRealtimeStore.setState({ status, clientId }),
      onReconnect: reload,
    });
    const stopListening = client.subscribe(publicChannel(window.location.host), (event) => {
      if (event.name === ROADMAP_UPDATE_EVENT) reload();
    });
    client.start();
    return () => {
      stopListening();
      client.stop();
    };
  }, [queryClient]);
}
