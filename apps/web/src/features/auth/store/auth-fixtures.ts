import type { ApiUser } from '@cadran/domain/auth';
import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';
import { json } from '@/test/fetch';

/** Sample answers of the auth endpoints, shared by this feature's tests. */
export const apiUser: ApiUser = {
  id: '3f6c1d7e-2b8a-4c59-9e0f-7a1b2c3d4e5f',
  email: 'camille@exemple.fr',
  first_name: 'Camille',
  last_name: 'Martin',
  company: 'Atelier Martin',
  phone: '+33 6 12 34 56 78',
  address_line_1: '12 rue de la Paix',
  city: 'Paris',
  postal_code: '75002',
  country: 'FR',
  role: 'client',
  email_verified: true,
  locale: 'fr',
};

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
