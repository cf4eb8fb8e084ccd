import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ROADMAP_UPDATE_EVENT, publicChannel } from '@cadran/domain/realtime-protocol';
import { logger } from '@/lib/logger';
import { roadmapItemsKey } from '../api/get-roadmap';
import { useRealtimeStore } from '../store/realtime-store';

/** The connection code and its message schemas load after the page is drawn. */
const loadConnection = () =>
  Promise.all([import('../api/realtime-client'), import('../api/realtime-token')]);

/**
 * Keeps the roadmap live while the page is open (docs/product.md 'Roadmap' ('Live refresh')): it
 * reloads when roadmap:update arrives on `{host}:public`. After a reconnection it reloads too,
 * since events may have been missed while the connection was down.
 */
export function useLiveRoadmap(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let closed = false;
    let close = () => {};
    const reload = () => void queryClient.invalidateQueries({ queryKey: roadmapItemsKey });
    loadConnection().then(
      ([{ RealtimeClient }, { fetchRealtimeToken, realtimeSocketUrl }]) => {
        if (closed) return;
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
        close = () => {
          stopListening();
          client.stop();
        };
      },
      (error: unknown) => {
        // A new deploy can remove the chunk of an open page: say the live link is down.
        useRealtimeStore.setState({ status: 'disconnected', clientId: null });
        logger.warning('Realtime connection code failed to load', { error: String(error) });
      },
    );
    return () => {
      closed = true;
      close();
    };
  }, [queryClient]);
}
