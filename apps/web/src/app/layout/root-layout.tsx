import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { AlternateLinks } from './alternate-links';
import { BrowserOnlyPlaceholder, useWaitsForBrowser } from './browser-only';
import { FocusedFooter, FocusedHeader, useFocusedShell } from './focused-shell';
import { NavigationProgress } from './navigation-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useNavigationFocus } from './use-navigation-focus';

/**
 * Skip link, header, main landmark and footer around every page; the checkout asks for the
 * focused header and footer instead (its route's handle).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const focused = useFocusedShell();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      {focused ? <FocusedHeader /> : <SiteHeader />}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1">
        {children}
      </main>
      {focused ? <FocusedFooter /> : <SiteFooter />}
    </div>
  );
}

export function RootLayout() {
  useNavigationFocus();
  const waiting = useWaitsForBrowser();
  return (
    <AppShell>
      <AlternateLinks />
      {/* A page whose translations are still loading suspends here, inside the shell. */}
      <Suspense fallback={<PageLoading />}>
        {waiting ? <BrowserOnlyPlaceholder handle={waiting} /> : <Outlet />}
      </Suspense>
      {/* A fresh page load has the key 'default' whatever its path: key those by path so one
          page's saved position is never restored on another. */}
      <ScrollRestoration
        getKey={(location) => (location.key === 'default' ? location.pathname : location.key)}
      />
    </AppShell>
  );
}
