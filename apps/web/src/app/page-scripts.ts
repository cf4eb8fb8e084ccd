import type { StaticHandlerContext } from 'react-router';

/**
 * Which script a page drawn on the server gets (docs/decisions/048-islands-on-public-pages.md):
 * - 'islands': a public page; the browser wakes only its islands (src/islands/main.ts);
 * - 'application': the site's application hydrates the whole page (src/main.tsx), for the
 *   pages whose content lives in the browser (`browserOnly`, the cart and what follows) and
 *   those whose handle asks for it (`application`), and for a page that failed to draw.
 */
export type PageScripts = 'islands' | 'application';

export interface ApplicationHandle {
  /** The page hydrates whole in the browser, as the applications do. */
  application: true;
}

const needsApplication = (handle: unknown): boolean =>
  typeof handle === 'object' &&
  handle !== null &&
  ((handle as { application?: unknown }).application === true ||
    (handle as { browserOnly?: unknown }).browserOnly === true);

export function pageScripts(context: StaticHandlerContext): PageScripts {
  if (context.errors) return 'application';
  return context.matches.some((match) => needsApplication(match.route.handle))
    ? 'application'
    : 'islands';
}
