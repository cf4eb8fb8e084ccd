import type { SessionUser } from '@cadran/domain/auth';

/** A signed-in client as the session holds them; tests override what they look at. */
export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: '3f6c1d7e-2b8a-4c59-9e0f-7a1b2c3d4e5f',
  email: 'camille@exemple.fr',
  firstName: 'Camille',
  lastName: 'Martin',
  company: 'Atelier Martin',
  phone: '+33 6 12 34 56 78',
  address: '12 rue de la Paix',
  city: 'Paris',
  postal_code: '75002',
  country: 'FR',
  role: 'client',
  language: 'fr',
  // What the session mapping gives an account without a SIREN.
  siren: '',
  ...overrides,
});
