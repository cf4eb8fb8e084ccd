import type { ComponentType } from 'react';

/**
 * Every island of the public pages (docs/decisions/048-islands-on-public-pages.md): its code,
 * loaded on its own, the texts it is sent with (per namespace, the top-level keys), and when
 * it may wake. `idle`: once the page is drawn and the browser has nothing else to do; `visible`:
 * when it scrolls into view, or after the idle ones at the latest, so nothing stays asleep.
 */

export type IslandWake = 'idle' | 'visible';

export interface IslandEntry {
  load: () => Promise<ComponentType<never>>;
  texts: Readonly<Record<string, readonly string[]>>;
  wake: IslandWake;
}

export const ISLANDS = {
  'cart-link': {
    load: () => import('@/app/layout/cart-link').then((m) => m.CartLink as ComponentType<never>),
    texts: { common: ['cart'] },
    wake: 'idle',
  },
  'mobile-navigation': {
    load: () =>
      import('@/app/layout/mobile-menu').then((m) => m.MobileNavigation as ComponentType<never>),
    texts: { common: ['nav', 'language'] },
    wake: 'idle',
  },
  'hero-showcase': {
    load: () =>
      import('@/features/home/components/hero-showcase').then(
        (m) => m.HeroShowcase as ComponentType<never>,
      ),
    texts: { home: ['showcase', 'screens'] },
    wake: 'idle',
  },
  'screenshot-gallery': {
    load: () =>
      import('@/features/home/components/screenshot-gallery').then(
        (m) => m.ScreenshotGallery as ComponentType<never>,
      ),
    texts: { home: ['gallery', 'screens', 'lightbox'] },
    wake: 'visible',
  },
  'newsletter-form': {
    load: () =>
      import('@/features/newsletter/components/newsletter-form').then(
        (m) => m.NewsletterForm as ComponentType<never>,
      ),
    texts: { common: ['newsletter', 'status'] },
    wake: 'visible',
  },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof ISLANDS;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(ISLANDS, name);
