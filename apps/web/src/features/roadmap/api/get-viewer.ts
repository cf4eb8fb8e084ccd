import { useQuery } from '@tanstack/react-query';
import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';
import { apiClient, isApiRequestError } from '@/lib/api-client';
import { ROADMAP_QUERY_KEY } from './get-roadmap';

/**
 * Whether the visitor is signed in, which decides between vote buttons and a sign-in hint.
 * The readable session hint cookie says whether asking is worth it, so anonymous visitors
 * never make a /auth/me call that could only answer 401.
 */

export const viewerKey = [...ROADMAP_QUERY_KEY, 'viewer'] as const;

const hasSessionHint = (): boolean =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));

export async function getViewerSignedIn(): Promise<boolean> {
  if (!hasSessionHint()) return false;
  try {
    // The user schema (and the schema library) loads with the request, not with the page.
    const [body, { extractMeUser }] = await Promise.all([
      apiClient.get('/api/v1/website/auth/me'),
      import('@cadran/domain/auth'),
    ]);
    return extractMeUser(body) !== null;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return false;
    throw error;
  }
}

export const useViewerSignedIn = () =>
  useQuery({ queryKey: viewerKey, queryFn: getViewerSignedIn, staleTime: 5 * 60_000 });
