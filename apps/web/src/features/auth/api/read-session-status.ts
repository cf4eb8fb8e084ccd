import type { SessionStatus } from '@/lib/session-status';
import { hasSessionHint } from '../store/session-hint';

/**
 * Whether a session is open, for an island of a public page that shows something to a
 * signed-in visitor only (docs/decisions/048-islands-on-public-pages.md): no store library, no
 * i18n library. Without the session hint cookie nobody is signed in and no call is made; the
 * session call and the user's schema load only when the hint is there. A failed check is
 * anonymous, as the app's start-up check says. Read once per page, by the first subscriber.
 */

let status: SessionStatus = 'unknown';
const listeners = new Set<() => void>();

function settle(next: SessionStatus) {
  status = next;
  for (const listener of listeners) listener();
}

async function readSessionStatus(): Promise<'authenticated' | 'anonymous'> {
  try {
    const { getSession } = await import('./get-me');
    return (await getSession()) ? 'authenticated' : 'anonymous';
  } catch {
    return 'anonymous';
  }
}

/** For `useSyncExternalStore`: the first subscriber starts the check. */
export function subscribeSessionStatus(listener: () => void): () => void {
  listeners.add(listener);
  if (status === 'unknown') {
    if (hasSessionHint()) {
      status = 'checking';
      void readSessionStatus().then(settle);
    } else {
      status = 'anonymous';
    }
  }
  return () => listeners.delete(listener);
}

export const sessionStatusSnapshot = (): SessionStatus => status;

/** What the server draws, and so what an island hydrates with: nobody knows yet. */
export const unknownSessionStatus = (): SessionStatus => 'unknown';
