/**
 * The client area is a separate application (docs/decisions/028-client-application.md): the
 * site reaches it with document links, never router links.
 */
export const CLIENT_AREA_URL = '/client';

/** Its sign-in screen, which brings the visitor back to `next` (an address of this site). */
export const clientSignInUrl = (next: string): string =>
  `${CLIENT_AREA_URL}/sign-in?next=${encodeURIComponent(next)}`;

/** Where the visitor is now, to come back to after signing in. */
export const hereForSignIn = (): string =>
  typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
