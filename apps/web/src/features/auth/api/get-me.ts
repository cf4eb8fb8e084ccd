import { extractMeUser, type ApiUser } from '@cadran/domain/auth';
import { ApiRequestError, apiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { AUTH_PATHS } from './auth-paths';

/** GET /auth/me: the user, read from `user` or `data.user`. */
export async function getMe(): Promise<ApiUser> {
  const body = await apiClient.get(AUTH_PATHS.me);
  const user = extractMeUser(body);
  if (!user) {
    throw new ApiRequestError({
      kind: 'invalid_response',
      status: 200,
      message: i18n.t('errors.api.invalid_response', { ns: 'common' }),
    });
  }
  return user;
}
