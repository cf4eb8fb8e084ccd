/**
 * Main navigation of the header (docs/product.md 'Pages and routes' ('Header and footer')), shared
 * by both menus.
 */
export const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/features', labelKey: 'nav.features', end: false },
  { to: '/pricing', labelKey: 'nav.pricing', end: false },
  { to: '/roadmap', labelKey: 'nav.roadmap', end: false },
  { to: '/about', labelKey: 'nav.about', end: false },
  { to: '/contact', labelKey: 'nav.contact', end: false },
] as const;

/** The client area is a separate application: always a full page load, never a router link. */
export { CLIENT_AREA_URL } from '@/lib/client-area';
