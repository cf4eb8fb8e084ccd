import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** The app's providers (texts, data) around a component rendered alone: `render(ui, { wrapper })`. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <AppProvider>{children}</AppProvider>;
}

/** Renders routes in a memory router with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
