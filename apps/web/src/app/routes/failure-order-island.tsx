import { useSyncExternalStore } from 'react';
import {
  sessionStatusSnapshot,
  subscribeSessionStatus,
  unknownSessionStatus,
} from '@/features/auth/api/read-session-status';
import { FailureOrder } from '@/features/orders/components/failure-order';

export interface FailureOrderIslandProps {
  orderNumber: string;
}

/**
 * The failure page's order (docs/decisions/048-islands-on-public-pages.md): features never
 * import each other, so the app gives the orders feature the session the auth feature reads.
 * It hydrates with the unknown session, as the server drew it (the server cannot know the
 * visitor's): exactly the server's HTML; the session is read once React owns it.
 */
export function FailureOrderIsland({ orderNumber }: FailureOrderIslandProps) {
  const sessionStatus = useSyncExternalStore(
    subscribeSessionStatus,
    sessionStatusSnapshot,
    unknownSessionStatus,
  );
  return <FailureOrder orderNumber={orderNumber} sessionStatus={sessionStatus} />;
}
