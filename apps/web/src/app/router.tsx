import { routerBasename } from '@cadran/domain/localized-path';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { pageLanguage } from '@/lib/language';
import { routes } from './routes';

// English pages live under /en (docs/product.md 'Languages and texts'): as the router's
// basename, every link and redirect of an English page stays on English addresses.
const router = createBrowserRouter(routes, { basename: routerBasename(pageLanguage()) });

export function AppRouter() {
  return <RouterProvider router={router} />;
}
