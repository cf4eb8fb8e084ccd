import type { ComponentType } from 'react';

/**
 * Every island of the public pages (docs/decisions/048-islands-on-public-pages.md): its code,
 * loaded on its own, the texts it is sent with (per namespace, the top-level keys), and when
 * it may wake:
 * - `idle`: once the page is drawn and the browser has nothing else to do;
 * - `visible`: when it scrolls into view, or after the idle ones at the latest;
 * - `interaction`: when the visitor reaches it (pointer over it, a touch, focus), and only then,
 *   even when React is loaded for another island; what the server drew works as is until then
 *   (plain links, held clicks played again);
 * - `stored-cart`: as `interaction`, and at idle when this browser's cart holds lines (the
 *   server's HTML cannot show them);
 * - `script`: never hydrated; a plain script of its own (scripted.ts) runs over the server's
 *   HTML as soon as the page's script does, for a part that must move before any visitor
 *   reaches it (the hero's carousel: docs/decisions/059-scripted-islands.md).
 * So a text page whose islands all wait for the visitor loads no React at all.
 */

export type IslandWake = 'idle' | 'visible' | 'interaction' | 'stored-cart' | 'script';

export interface IslandEntry {
  /** The component React hydrates; none for a `script` island. */
  load?: () => Promise<ComponentType<never>>;
  texts: Readonly<Record<string, readonly string[]>>;
  wake: IslandWake;
}

export const ISLANDS = {
  'cart-link': {
    load: () => import('@/app/layout/cart-link').then((m) => m.CartLink as ComponentType<never>),
    texts: { common: ['cart'] },
    wake: 'stored-cart',
  },
  'mobile-navigation': {
    load: () =>
      import('@/app/layout/mobile-menu').then((m) => m.MobileNavigation as ComponentType<never>),
    texts: { common: ['nav', 'language'] },
    wake: 'interaction',
  },
  'hero-showcase': {
    texts: { home: ['showcase', 'screens'] },
    wake: 'script',
  },
  'screenshot-gallery': {
    load: () =>
      import('@/features/home/components/screenshot-gallery').then(
        (m) => m.ScreenshotGallery as ComponentType<never>,
      ),
    texts: { home: ['gallery', 'screens', 'lightbox'] },
    wake: 'interaction',
  },
  'newsletter-form': {
    load: () =>
      import('@/features/newsletter/components/newsletter-form').then(
        (m) => m.NewsletterForm as ComponentType<never>,
      ),
    texts: { common: ['newsletter', 'status'] },
    wake: 'interaction',
  },
  'pricing-offer': {
    load: () =>
      import('@/app/routes/pricing-offer-island').then(
        (m) => m.PricingOfferIsland as ComponentType<never>,
      ),
    texts: { pricing: ['cycles', 'per', 'state', 'card', 'notes', 'absent'], common: ['status'] },
    wake: 'interaction',
  },
  'contact-form': {
    load: () =>
      import('@/features/contact/components/contact-form').then(
        (m) => m.ContactForm as ComponentType<never>,
      ),
    texts: { contact: ['form'], common: ['status'] },
    wake: 'interaction',
  },
  // Live from the start: the realtime connection opens once the page is idle.
  'roadmap-status': {
    load: () =>
      import('@/features/roadmap/components/live-indicator').then(
        (m) => m.LiveIndicator as ComponentType<never>,
      ),
    texts: { roadmap: ['live'] },
    wake: 'idle',
  },
  'roadmap-board': {
    load: () =>
      import('@/features/roadmap/components/live-roadmap').then(
        (m) => m.LiveRoadmap as ComponentType<never>,
      ),
    texts: {
      roadmap: [
        'columns',
        'itemCount',
        'emptyColumn',
        'empty',
        'loading',
        'error',
        'categories',
        'categoryLabel',
        'votes',
        'shippedIn',
      ],
    },
    wake: 'idle',
  },
  // The failure page's order: its session and the order are read at once, not on a visit.
  'failure-order': {
    load: () =>
      import('@/app/routes/failure-order-island').then(
        (m) => m.FailureOrderIsland as ComponentType<never>,
      ),
    texts: { orders: ['failure'] },
    wake: 'idle',
  },
  // Links until reached; a click meanwhile is held (`data-island-hold`) and played once React
  // owns them, so the last order's lines are back in the cart before the next page loads.
  'failure-resume': {
    load: () =>
      import('@/app/routes/failure-resume-island').then(
        (m) => m.FailureResumeIsland as ComponentType<never>,
      ),
    texts: { orders: ['failure'] },
    wake: 'interaction',
  },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof ISLANDS;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(ISLANDS, name);
