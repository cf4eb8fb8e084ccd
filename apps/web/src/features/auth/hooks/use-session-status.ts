import { useEffect } from 'react';
import type { SessionStatus } from '@/lib/session-status';
import { useAuthStore } from '../store/auth-store';

/**
 * The session status, checking it first if nobody has yet (a page opened directly, before the
 * start-up check of main.tsx had a reason to run).
 */
export function useSessionStatus(): SessionStatus {
  const status = useAuthStore((state) => state.status);
  useEffect(() => {
    const state = useAuthStore.getState();
    if (state.status === 'unknown') void state.checkSession();
  }, []);
  return status;
}
