import { apiClient } from '@/lib/api-client';
import { AUTH_PATHS } from './auth-paths';

/** POST /auth/logout: the answer does not matter, a failure is ignored by the caller. */
export const logoutRequest = (): Promise<unknown> => apiClient.post(AUTH_PATHS.logout);
