/**
 * What the legal pages and the contact page give beside the company's legal identity (LCEN
 * article 6 III requires both on the site): its phone, its addresses for general and personal
 * data questions, and its host. The legal identity itself (name, form, capital, registration,
 * registered office) is the server's seller settings (lib/publisher.ts), and the support
 * address its SUPPORT_EMAIL setting (lib/support-email.ts).
 */
export const COMPANY = {
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
