import { useMatches } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { PageLoading } from '@/components/page-loading';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Pages drawn in the browser only (docs/decisions/023-pages-drawn-on-the-server.md): the cart,
 * the checkout, an order's success page, the payment sandbox, the account. What they show
 * lives in this browser (the cart in storage, the session) or changes by the second, so the
 * server draws their shell (header, footer, title) around the loading placeholder, and the
 * browser draws the page once it has taken over.
 */
export interface BrowserOnlyHandle {
  browserOnly: true;
  /** The page's title key in 'common', for the title the server's HTML carries. */
  titleKey?: string;
}

const isBrowserOnly = (handle: unknown): handle is BrowserOnlyHandle =>
  typeof handle === 'object' &&
  handle !== null &&
  (handle as BrowserOnlyHandle).browserOnly === true;

/** The browser-only handle of the page being shown, if it has one. */
export function useBrowserOnlyPage(): BrowserOnlyHandle | undefined {
  return useMatches()
    .map((match) => match.handle)
    .find(isBrowserOnly);
}

/** While the server draws (and the browser hydrates) a browser-only page: its title, a placeholder. */
export function BrowserOnlyPlaceholder({ handle }: { handle: BrowserOnlyHandle }) {
  return (
    <>
      {handle.titleKey ? <PageMeta titleKey={handle.titleKey} /> : <title>Cadran</title>}
      <PageLoading />
    </>
  );
}

/** Whether the page must wait for the browser before drawing (see BrowserOnlyHandle). */
export function useWaitsForBrowser(): BrowserOnlyHandle | undefined {
  const handle = useBrowserOnlyPage();
  const hydrated = useHydrated();
  return hydrated ? undefined : handle;
}
