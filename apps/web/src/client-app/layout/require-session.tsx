import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { CLIENT_BASENAME } from '../session';

/**
 * Every screen but the sign-in ones needs a session: a visitor without one goes to the sign-in
 * screen, which brings them back here after (an e-mail's order link opens that order).
 */
export function RequireSession() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();

  useEffect(() => {
    if (status === 'unknown') void useAuthStore.getState().checkSession();
  }, [status]);

  if (status === 'authenticated') return <Outlet />;
  if (status === 'anonymous') {
    const next = `${CLIENT_BASENAME}${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <PageLoading />;
}
