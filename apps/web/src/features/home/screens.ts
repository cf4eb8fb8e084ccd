import type { Language } from '@cadran/domain/constants';
import billingEn from './assets/screens/billing-en.svg';
import billingFr from './assets/screens/billing-fr.svg';
import clientsEn from './assets/screens/clients-en.svg';
import clientsFr from './assets/screens/clients-fr.svg';
import dashboardEn from './assets/screens/dashboard-en.svg';
import dashboardFr from './assets/screens/dashboard-fr.svg';
import licencesEn from './assets/screens/licences-en.svg';
import licencesFr from './assets/screens/licences-fr.svg';

/**
 * The four product screens of the home page (dashboard, clients, licences, billing): our own
 * SVG drawings of the Cadran back office, one per language so the interface in the picture
 * speaks the visitor's language. Loaded as <img> files, they cost the page no JavaScript.
 */
export const SCREEN_KEYS = ['dashboard', 'clients', 'licences', 'billing'] as const;
export type ScreenKey = (typeof SCREEN_KEYS)[number];

/** Intrinsic size of every drawing (16:10), given to <img> so the layout never jumps. */
export const SCREEN_WIDTH = 1280;
export const SCREEN_HEIGHT = 800;

const SOURCES: Record<ScreenKey, Record<Language, string>> = {
  dashboard: { fr: dashboardFr, en: dashboardEn },
  clients: { fr: clientsFr, en: clientsEn },
  licences: { fr: licencesFr, en: licencesEn },
  billing: { fr: billingFr, en: billingEn },
};

export const screenSource = (key: ScreenKey, language: Language): string => SOURCES[key][language];

/** Index of the screen `step` places away from `index`, wrapping around at both ends. */
export const wrapIndex = (index: number, step: number, count: number = SCREEN_KEYS.length) =>
  (((index + step) % count) + count) % count;
