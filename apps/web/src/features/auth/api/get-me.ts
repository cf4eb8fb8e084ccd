import { extractMeUser, type ApiUser } from '@cadran/domain/auth';
import { ApiRequestError, apiClient, fallbackMessage } from '@/lib/api-client';
import { AUTH_PATHS } from './auth-paths';

/** The user of an answer, read from `user` or `data.user`; anything else is a broken answer. */
function userOf(body: unknown): ApiUser {
  const user = extractMeUser(body);
  if (!user) {
    throw new ApiRequestError({
      kind: 'invalid_response',
      status: 200,
      message: fallbackMessage('invalid_response'),
    });
  }
  return user;
}

/**
 * GET /auth/session: the start-up check. The account when a session is open, null when not: a
 * session that ended elsewhere (its hint cookie still here) is an answer, not a failed request.
 */
export async function getSession(): Promise<ApiUser | null> {
  const body = await apiClient.get(AUTH_PATHS.session);
  if (typeof body === 'object' && body !== null && 'user' in body && body.user === null) {
    return null;
  }
  return userOf(body);
}
