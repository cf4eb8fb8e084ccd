import { routerBasename } from '@cadran/domain/localized-path';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { pageLanguage } from '@/lib/language';
import { routes } from './routes';

// English pages live under /en (docs/decisions/024-english-at-its-own-addresses.md): as the
// router's basename, every link and redirect of an English page stays on English addresses.
const basename = () => routerBasename(pageLanguage());

export type AppBrowserRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(hydrationData?: HydrationState): AppBrowserRouter {
  return createBrowserRouter(routes, {
    basename: basename(),
    ...(hydrationData ? { hydrationData } : {}),
  });
}

/**
 * Loads the code and texts of the page the server drew before hydrating it, as the server had
 * them: otherwise the router would first draw its loading placeholder over the server's HTML.
 */
export async function loadDrawnPage(): Promise<void> {
  const matches = matchRoutes(routes, window.location, basename()) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export function AppRouter({ router }: { router: AppBrowserRouter }) {
  return <RouterProvider router={router} />;
}
