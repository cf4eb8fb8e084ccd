/**
 * Legal identity of the publisher, shown by the legal pages and the footer (LCEN article 6 III
 * requires it on the site). One place to update when the registration details change. The support address is the
 * server's setting (lib/support-email.ts).
 */
export const COMPANY = {
  name: 'Cadran SAS',
  shareCapitalCents: 5_000_000,
  registrationCity: 'Lyon',
  siren: '912 480 324',
  vatNumber: 'FR07 912 480 324',
  address: '18 rue de la République, 69002 Lyon, France',
  phone: '+33 4 65 71 20 26',
  email: 'contact@cadran.fr',
  privacyEmail: 'donnees-personnelles@cadran.fr',
  host: {
    name: 'OVH SAS',
    address: '2 rue Kellermann, 59100 Roubaix, France',
    phone: '+33 9 72 10 10 07',
    website: 'https://www.ovhcloud.com',
  },
} as const;

/** Date of the current version of the legal pages (shown as "last updated"). */
export const LEGAL_PAGES_UPDATED_AT = '2026-11-20';
