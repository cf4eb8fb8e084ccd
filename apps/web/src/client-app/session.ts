import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { isApiRequestError } from '@/lib/api-client';

/** The client area's addresses, under /client (docs/product.md 'Client area'). */
export const CLIENT_BASENAME = '/client';

/**
 * A screen's data answered 401: the session ended (expired, ended from another device). The
 * session is checked again, which signs the visitor out here, and the guard sends them to the
 * sign-in screen with the way back.
 */
export function signOutOnExpiredSession(client: QueryClient): void {
  const onError = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 401) {
      void useAuthStore.getState().checkSession();
    }
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
}

/**
 * Where to go after signing in: an address of this site only (a path, never `//host` or a
 * scheme), else the dashboard. Inside the client area it stays in the router.
 */
export function afterSignIn(next: string | null): { inApp: string } | { document: string } {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return { inApp: '/' };
  }
  if (
    next === CLIENT_BASENAME ||
    next.startsWith(`${CLIENT_BASENAME}/`) ||
    next.startsWith(`${CLIENT_BASENAME}?`)
  ) {
    return { inApp: next.slice(CLIENT_BASENAME.length) || '/' };
  }
  return { document: next };
}
