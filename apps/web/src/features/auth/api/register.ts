import { AuthResponseSchema, type AuthResponse, type Register } from '@cadran/domain/auth';
import { apiClient } from '@/lib/api-client';
import { AUTH_PATHS, languageHeaders } from './auth-paths';

/** POST /auth/register: the registration payload -> user, token, message. */
export const registerRequest = (payload: Register): Promise<AuthResponse> =>
  apiClient.post(AUTH_PATHS.register, payload, {
    schema: AuthResponseSchema,
    headers: languageHeaders(),
  });
