import { AuthResponseSchema, type AuthResponse, type Login } from '@cadran/domain/auth';
import { apiClient } from '@/lib/api-client';
import { AUTH_PATHS, languageHeaders } from './auth-paths';

/** POST /auth/login: email, password, remember -> success, user, token, message. */
export const loginRequest = (payload: Login): Promise<AuthResponse> =>
  apiClient.post(AUTH_PATHS.login, payload, {
    schema: AuthResponseSchema,
    headers: languageHeaders(),
  });
