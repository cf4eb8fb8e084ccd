import type { ApiUser } from '@cadran/domain/auth';
import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';
import { apiUser as sampleApiUser } from '@cadran/domain/test-fixtures';
import { json } from '@/test/fetch';

/** Sample answers of the auth endpoints, shared by this feature's tests: the shared buyer. */
export const apiUser: ApiUser = sampleApiUser();

export const TOKEN = 'q3V2x8Z0mN4bR7tY1uI5oP9aS6dF2gH8jK4lQ0wE3rT';

export const authAnswer = (message = 'Connexion réussie') =>
  json(200, { success: true, user: apiUser, token: TOKEN, message });

export const setSessionHint = () => {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
};

export const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
};
